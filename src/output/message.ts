// Messages for stderr at a terminal (warnings, credit notes): sanitised like every byte that may
// have come from the network, and wrapped at the terminal's width on word boundaries, never cut.

import { sanitiseLine } from '../domain/text.js';
import { wrapText } from './measure.js';

/** `text` as lines of at most `width` columns, ending in a newline. */
export function messageText(text: string, width: number): string {
  return `${wrapText(sanitiseLine(text), width).join('\n')}\n`;
}
