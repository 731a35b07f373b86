// supercluster (the reference) on a GeoJSON file of Points, as `calloutmap-bench clusters` reports it,
// so the two can be held side by side: same fields, same counts, same cluster centres.
// usage: node bench/supercluster.mjs PEER_DIR FILE [--min-points N] [--details]
//   PEER_DIR holds supercluster.mjs and kdbush.mjs (../shared/peers/supercluster).
// Prints one JSON object: points, parse_ms, build_ms (load()), peak_rss_mb, items_per_zoom (whole
// world, zooms 0-17) and, with --details, every cluster per zoom as [id, count, x, y] in the tree's
// projected coordinates (the exact doubles supercluster holds).
import fs from 'fs';
import path from 'path';
import {pathToFileURL} from 'url';

const [peer, file, ...rest] = process.argv.slice(2);
if (!peer || !file) {
    console.error('usage: node supercluster.mjs PEER_DIR FILE [--min-points N] [--details]');
    process.exit(2);
}
const Supercluster = (await import(pathToFileURL(path.resolve(peer, 'supercluster.mjs')).href)).default;
const options = {};
const i = rest.indexOf('--min-points');
if (i >= 0) options.minPoints = Number(rest[i + 1]);

let t0 = performance.now();
const data = JSON.parse(fs.readFileSync(file, 'utf8'));
const parseMs = performance.now() - t0;
t0 = performance.now();
const index = new Supercluster(options).load(data.features);
const buildMs = performance.now() - t0;
const counts = {};
for (let z = 0; z <= 17; z++) counts[z] = index.getClusters([-180, -85, 180, 85], z).length;
const out = {tool: 'supercluster 8.0.1 + kdbush 4.1.0', node: process.version, file, points: data.features.length,
    parse_ms: Math.round(parseMs * 100) / 100, build_ms: Math.round(buildMs * 100) / 100,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024), items_per_zoom: counts};
if (rest.includes('--details')) {
    out.clusters = {};
    for (let z = 0; z <= 17; z++) {
        const tree = index.trees[index._limitZoom(z)], d = tree.data, s = index.stride, list = [];
        for (let k = 0; k < d.length; k += s) if (d[k + 5] > 1) list.push([d[k + 3], d[k + 5], d[k], d[k + 1]]);
        out.clusters[z] = list;
    }
}
console.log(JSON.stringify(out));
