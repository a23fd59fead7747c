/**
 * A set-up shared by the tests of one file: made by the first test that asks for it, then handed to every later one
 * (a sign-up, an import and a page load cost a variant seconds at load; the variants differ only in what they check
 * afterwards). A set-up that failed is made again by the next test that asks, so one failure does not fail them all.
 */
export function setUpOnce<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    if (!made) {
      const making = make();
      made = making;
      making.catch(() => (made = undefined));
    }
    return made;
  };
}
