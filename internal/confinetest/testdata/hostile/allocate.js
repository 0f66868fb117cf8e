// Allocates and touches memory outside V8's heap (which
// --max-old-space-size bounds) until the kernel stops it.
'use strict';
const blocks = [];
for (;;) blocks.push(Buffer.alloc(1 << 20, 1));
