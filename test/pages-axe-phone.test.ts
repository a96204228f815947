/** Every kind of page at a phone's width, 390 px (test/axe-sweep.ts): several tables scroll in their box. */
import { axeSweep } from './axe-sweep.js';
import { PHONE } from './site-browser.js';

axeSweep(PHONE, 4);
