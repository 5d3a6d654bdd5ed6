/**
 * `react` in the preact build: exactly the part of React's API the widgets use, on preact and
 * preact/hooks (README.md here says why this is not preact/compat).
 */
import { createElement, Fragment } from 'preact';
import './props.ts';

export { createElement, Fragment };
export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
