import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React DOM, and React with React Router: needed by every page, changed only by an upgrade. Two
 * chunks, not one: a single 340 KB file is compiled and run as one long task on a slow phone.
 */
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-router|cookie|set-cookie-parser)[\\/]/;

/**
 * Small pieces most public pages use (icons, buttons, cards, formatting helpers): one chunk rather
 * than one request each. Only light modules qualify, since a module brings its imports with it (a
 * form helper would bring the validation library to every page). `lib/markdown` is not one of them:
 * its light part goes with the markdown component into `page-kit`, its parser only where needed.
 */
const COMMON =
  /[\\/](node_modules[\\/]lucide-react[\\/]|app[\\/]components[\\/](ui[\\/]|layout[\\/]|catalog[\\/]|cover-art\.tsx)|app[\\/]lib[\\/](?!markdown[\\/]))/;

/**
 * What public pages share beyond `common`: cards, image sizes, page metadata, the locked badge,
 * the two buttons a creator's page and a map page both have (Support, Follow: left to `map-pages`,
 * Follow brought that whole chunk, 11 KB, to every creator's page), and the markdown component (spot
 * pages, Discover articles) with its allow-list (the parser is not here: pages get a parsed tree).
 * Its own chunk so that `map-pages` below does not carry them to pages without a map (a group takes
 * its modules' imports along).
 */
const PAGE_KIT =
  /[\\/]app[\\/](components[\\/](catalog[\\/]cards|maps[\\/]locked-note|memberships[\\/]support-button|creators[\\/]follow-button|atlas[\\/]use-toggle-action|markdown\.tsx)|modules[\\/](images[\\/]variants|seo[\\/])|lib[\\/]markdown[\\/](allow-list|tree)\.ts)/;

/**
 * The map and spot pages' own components (list, preview, downloads, links out): one chunk instead
 * of a dozen of 1-3 KB, since each request on a first load costs a round trip on a phone. The live
 * map (`*.client.tsx`, MapLibre) stays out: it loads only when asked for.
 */
const MAP_PAGES = (id: string) => /[\\/]app[\\/]components[\\/](maps|map)[\\/]/.test(id) && !/\.client\./.test(id);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { manifest: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Left to itself the bundler cuts the shared code into dozens of tiny chunks (an icon, a
            // hook, a helper each), and every one is a request on a page's first load. Fewer, larger
            // chunks instead: the framework in two, the shell (root and all it imports) in one, the
            // small shared pieces in one, what public pages share in one, the map pages' own in one.
            codeSplitting: {
              groups: [
                { name: "react-dom", test: REACT_DOM, priority: 4 },
                { name: "framework", test: FRAMEWORK, priority: 3 },
                { name: "shell", test: /[\\/]app[\\/]root\.tsx$/, priority: 2 },
                { name: "common", test: COMMON, tags: ["$initial"], minShareCount: 3, maxModuleSize: 4096, priority: 1 },
                { name: "page-kit", test: PAGE_KIT, priority: 1 },
                { name: "map-pages", test: MAP_PAGES, minShareCount: 2, priority: 0 },
              ],
            },
          },
        },
      },
    },
  },
});
