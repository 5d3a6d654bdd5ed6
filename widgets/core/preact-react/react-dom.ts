/** `react-dom` in the preact build: the widgets use only createPortal (core/toast.tsx), which preact has. */
export { createPortal } from 'preact';
