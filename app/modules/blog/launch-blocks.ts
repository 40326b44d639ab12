/**
 * An article written for both states of the `cashback_launched` setting (issue #34 item 4): a
 * `<div data-cashback="soon">` block is shown only before the launch, a `<div data-cashback="launched">`
 * block only after; the rest of the body is shown in both. The blocks are plain `<div>`s without a
 * `<div>` inside. Applied before the body is sanitized (which drops the `<div>` and keeps its content).
 */
const LAUNCH_BLOCK = /<div data-cashback="(soon|launched)">([\s\S]*?)<\/div>\n?/g;

/** The body as read in one state of the launch: the other state's blocks removed, this state's unwrapped. */
export function bodyForLaunch(html: string, launched: boolean): string {
  return html.replace(LAUNCH_BLOCK, (_, state: string, inner: string) => ((state === "launched") === launched ? inner : ""));
}
