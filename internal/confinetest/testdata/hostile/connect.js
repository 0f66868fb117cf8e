// Tries to reach a listener on the host, then gives up.
'use strict';
const net = require('net');
const s = net.connect({ host: '127.0.0.1', port: PORT, timeout: 2000 });
s.on('connect', () => { console.error('connected'); process.exit(3); });
s.on('error', (e) => { console.error('no network:', e.message); process.exit(3); });
s.on('timeout', () => { console.error('no network: timed out'); process.exit(3); });
