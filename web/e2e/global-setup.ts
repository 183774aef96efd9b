// The browser tests run against the built app: build it first when it is missing or stale.
// @ts-expect-error plain .mjs script without types
import { buildWebIfStale } from '../../scripts/build-web.mjs';

export default function setup() {
  buildWebIfStale();
}
