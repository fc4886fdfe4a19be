// Script-tag build: exposes `window.Tracker`.
import { addBreadcrumb, captureException, captureMessage, close, init, setTag, setUser } from './index';

const Tracker = { init, captureException, captureMessage, setUser, setTag, addBreadcrumb, close };

(globalThis as unknown as { Tracker: typeof Tracker }).Tracker = Tracker;
