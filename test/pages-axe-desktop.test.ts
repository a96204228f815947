/** Every kind of page at the desktop width (test/axe-sweep.ts). */
import { axeSweep } from './axe-sweep.js';
import { DESKTOP } from './site-browser.js';

axeSweep(DESKTOP, 0);
