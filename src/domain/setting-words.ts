// The words a setting (an environment variable, a config value) is read by, as people type them:
// case and surrounding spaces never change what a word means.

/** Whether a flag setting is on: set to anything but nothing, 0, false or no (SOCIAL_STRICT=1). */
export function isOn(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no'].includes(value.trim().toLowerCase());
}

/** Whether a place setting says `off` instead of naming a place (SOCIAL_STORE=off, SOCIAL_CACHE_DIR=Off). */
export function isOff(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === 'off';
}
