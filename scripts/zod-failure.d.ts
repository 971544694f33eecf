export function rewriteFailure(source: string): string;
export const zodFailure: import('esbuild').Plugin;
