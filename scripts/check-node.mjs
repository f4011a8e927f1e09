// Stops early, with one clear sentence, when npm scripts run on a Node older than the project needs.
// The `node` devDependency puts Node 24 in node_modules/.bin; an install with --ignore-scripts
// leaves it out and npm silently falls back to the system Node (see docs/deployment.md).
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This project needs Node 22.12 or newer (found ${process.version}). ` + 'Run `npm ci` without --ignore-scripts so the bundled Node 24 is installed.',
  );
  process.exit(1);
}
