import styles from "./HalfMarathonScene.module.css";

export const HALF_MARATHON_SCENE_LABEL =
  "Illustration: two runners crossing a half marathon finish line on a London street, with Big Ben and the city skyline behind them.";

/** Race day, drawn instead of photographed: a small inline scene with a fixed aspect ratio, so nothing shifts. */
export function HalfMarathonScene() {
  return (
    <svg className={styles.scene} viewBox="0 0 320 180" role="img" aria-label={HALF_MARATHON_SCENE_LABEL}>
      {/* Sky and sun */}
      <rect width="320" height="180" fill="#dbe9f5" />
      <circle cx="262" cy="38" r="18" fill="#f2c14e" />
      {/* Skyline, with a clock tower on the left */}
      <g fill="#9fb6cc">
        <rect x="20" y="52" width="18" height="70" />
        <path d="M18 52 29 30 40 52z" />
        <rect x="44" y="84" width="34" height="38" />
        <rect x="84" y="70" width="22" height="52" />
        <rect x="196" y="78" width="30" height="44" />
        <rect x="232" y="92" width="40" height="30" />
        <rect x="278" y="74" width="26" height="48" />
      </g>
      <circle cx="29" cy="64" r="5" fill="#fbfaf7" />
      {/* Road and pavement */}
      <rect y="122" width="320" height="58" fill="#6b7785" />
      <rect y="118" width="320" height="6" fill="#c9ced4" />
      <path d="M0 152h320" stroke="#fbfaf7" strokeWidth="3" strokeDasharray="16 12" />
      {/* Finish gantry */}
      <g fill="#1f4e79">
        <rect x="118" y="40" width="6" height="112" />
        <rect x="196" y="40" width="6" height="112" />
        <rect x="112" y="34" width="96" height="24" rx="3" />
      </g>
      <text
        x="160"
        y="51"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="12"
        fontWeight="700"
        fill="#ffffff"
        letterSpacing="2"
      >
        FINISH
      </text>
      {/* Two runners, arms up */}
      <g strokeLinecap="round" strokeWidth="5" fill="none">
        <g stroke="#b4410f">
          <path d="M146 104v22M146 126l-8 16M146 126l9 14M146 108l-10-14M146 108l10-14" />
        </g>
        <g stroke="#165a2e">
          <path d="M176 106v22M176 128l-9 14M176 128l8 16M176 110l-10-14M176 110l10-14" />
        </g>
      </g>
      <circle cx="146" cy="96" r="7" fill="#7a4a2a" />
      <circle cx="176" cy="98" r="7" fill="#e0b48f" />
    </svg>
  );
}
