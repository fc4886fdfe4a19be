// Not in theme-toggle.tsx: a 'use client' module's exports reach server components as references, not strings.
export const THEME_KEY = 'theme';

/**
 * Runs before the first paint (inlined in <head>), so a stored choice never flashes the other
 * scheme. Without one, `color-scheme: light dark` follows the system preference.
 */
export const THEME_INIT_SCRIPT = `try{var t=localStorage.getItem('${THEME_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`;
