import { formatDuration } from "./format";

/** Minutes shown as "2 h 5 min" and read out as "2 hours 5 minutes". */
export function Duration({ minutes }: { minutes: number }) {
  const { short, long } = formatDuration(minutes);
  return (
    <>
      <span aria-hidden="true">{short}</span>
      <span className="visually-hidden">{long}</span>
    </>
  );
}
