/** Small inline stroke icons of the sessions screens (no icon package: nothing to fetch offline). */
const base = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const StarIcon = ({ filled }: { filled: boolean }) => (
  <svg {...base} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 17.75l-6.17 3.24 1.18-6.87-5-4.86 6.9-1 3.09-6.26 3.09 6.26 6.9 1-5 4.86 1.18 6.87z" />
  </svg>
);

export const CompareIcon = () => (
  <svg {...base}>
    <path d="M6 6m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M18 18m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0M11 6h5a2 2 0 0 1 2 2v8M13 18H8a2 2 0 0 1-2-2V8" />
  </svg>
);

export const UploadIcon = () => (
  <svg {...base}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 9l5-5 5 5M12 4v12" />
  </svg>
);

export const DownloadIcon = () => (
  <svg {...base}>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 11l5 5 5-5M12 4v12" />
  </svg>
);

/** Two overlaid traces: 'Compare with...'. */
export const CompareWithIcon = () => (
  <svg {...base}>
    <path d="M3 17c3-6 6-6 9 0s6 6 9 0M3 7c3 6 6 6 9 0s6-6 9 0" />
  </svg>
);
