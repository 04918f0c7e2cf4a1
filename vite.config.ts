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
 * form helper would bring the validation library to every page).
 */
const COMMON = /[\\/](node_modules[\\/]lucide-react[\\/]|app[\\/]components[\\/](ui[\\/]|layout[\\/]|catalog[\\/]|cover-art\.tsx)|app[\\/]lib[\\/])/;

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
            // chunks instead: the framework in two, the shell (root and all it imports) in one, and
            // the small shared pieces in one.
            codeSplitting: {
              groups: [
                { name: "react-dom", test: REACT_DOM, priority: 4 },
                { name: "framework", test: FRAMEWORK, priority: 3 },
                { name: "shell", test: /[\\/]app[\\/]root\.tsx$/, priority: 2 },
                { name: "common", test: COMMON, tags: ["$initial"], minShareCount: 3, maxModuleSize: 4096, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
