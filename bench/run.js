// npm run bench: every benchmark, figures printed side by side. Not a test: nothing here fails.
import { benchSandbox } from './sandbox.js';

const r = await benchSandbox();
console.log('== sandbox');
console.log(`up, archive included:      ${r.startupMs.toFixed(1)} ms median from process start (target <= 300)`);
console.log(`  import + build + listen: ${r.startupAfterImportMs.toFixed(1)} ms`);
console.log(`90-day trends p50 / p99:   ${r.trends90dP50Ms.toFixed(2)} / ${r.trends90dP99Ms.toFixed(2)} ms (target p99 <= 20)`);
