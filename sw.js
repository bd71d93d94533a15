// Brisca's service worker: once the game has been opened online, it opens and plays offline.
//
// A template: `python -m game build-web` (game/cli/build_web.py, write_service_worker) fills the
// four constants below and writes the result beside the page as build/web/sw.js. The page
// registers it once the game has drawn its first frame (index.html), so it never competes with
// the first download; by then every file it keeps is in the browser's HTTP cache.
//
// - Our own files (the page, the game archive, icons, manifest): the network first, so a new
//   version is seen at once; the copy kept from the last success when the network fails, has
//   not answered within PATIENCE_MS, or answers with an error (hostError). "The network" is the
//   host, asked again each time ("no-cache": usually a "not modified"): the browser's HTTP cache
//   would answer from a copy a host's max-age keeps fresh (GitHub Pages: ten minutes), an older
//   page beside a newer archive.
// - pygbag's runtime from its CDN (the loader, CPython's WebAssembly and standard library, the
//   pygame-ce wheel): the copy kept first (its paths name pygbag's version), the network when
//   there is none.
// Everything lives in one cache per build of ours and page folder ("brisca VERSION SCOPE"); a
// new build's worker takes over at once and deletes its own folder's older caches, never those of
// another build on the same origin (a /brisca-dev/ beside /brisca/, two uploads on itch.io's
// shared origin), which would lose that one's offline copy. The game's saves are in localStorage
// and are never touched here.
"use strict";

const VERSION = __VERSION__;
const OWN = __OWN__;                       // our files, relative to this script's folder
const RUNTIME = __RUNTIME__;               // the CDN files the game's start needs (absolute URLs)
const RUNTIME_ORIGIN = __RUNTIME_ORIGIN__; // requests under this prefix are the runtime's
const SCOPE = self.registration.scope;
const CACHE = "brisca " + VERSION + " " + SCOPE;   // not "brisca-…": the older builds' workers delete those
const ON_ITCH = self.location.host.indexOf(".itch.zone") >= 0;
const PAGE = new URL("index.html", SCOPE).href;

// the page takes the zip (.apk) on itch.io and the .tar.gz elsewhere (index.html)
function ownFiles() {
    return OWN.filter((name) => !name.endsWith(ON_ITCH ? ".tar.gz" : ".apk"))
        .map((name) => new URL(name, SCOPE).href);
}

function keepable(response) {
    return response.ok || response.type === "opaque";
}

// an opaque answer (a no-cors request's) cannot serve a request that must read it
function serves(response, request) {
    return Boolean(response) && (response.type !== "opaque" || request.mode === "no-cors");
}

// A redirected answer may not serve a page's navigation: keep its body under the address asked for.
async function unredirected(response) {
    if (!response.redirected || response.type === "opaque") {
        return response;
    }
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText,
                                                 headers: response.headers });
}

async function keep(url, init) {
    try {
        const response = await fetch(url, init);
        if (keepable(response)) {
            await (await caches.open(CACHE)).put(url, await unredirected(response));
            return true;
        }
    } catch (error) {
        // offline, or refused: the fetch handler keeps it when the page next asks for it
    }
    return false;
}

// Everything the game's start needs, into this build's cache (at install, and again when the
// cache was lost).
function fill() {
    return Promise.all([
        // ours past the HTTP cache: the copy kept must be this build's; the folder's own address
        // too (the one GitHub Pages gives and the home-screen icon opens), so that the page kept
        // under it is never an older build's beside this build's archive
        ...ownFiles().map((url) => keep(url, { cache: "no-cache" })),
        keep(SCOPE, { cache: "no-cache" }),
        // the runtime with CORS where the CDN allows it (GitHub Pages does), else opaque
        ...RUNTIME.map(async (url) => (await keep(url, { mode: "cors" })) || keep(url, { mode: "no-cors" })),
    ]);
}

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        await fill();
        await self.skipWaiting();
    })());
});

// An older build's cache of this page's folder: "brisca VERSION SCOPE" with our SCOPE, or one
// named as builds before the folder was in the name ("brisca-" + VERSION) that holds our page.
async function older(name) {
    if (name === CACHE) {
        return false;
    }
    if (name.startsWith("brisca ") && name.endsWith(" " + SCOPE)) {
        return true;
    }
    return /^brisca-[0-9a-f]{16}$/.test(name) && Boolean(await (await caches.open(name)).match(PAGE));
}

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        for (const name of await caches.keys()) {
            if (await older(name)) {
                await caches.delete(name);
            }
        }
        await self.clients.claim();
    })());
});

// How long our files' network may take to answer before the kept copy serves instead (a
// connection that hangs rather than fails); the network's answer, when it comes, is still kept.
const PATIENCE_MS = 4000;

// This worker's cache, or undefined once a newer worker has deleted it: caches.open would make it
// again, empty, for good (an older worker still answers the page until the newer one takes over).
async function ownCache() {
    return (await caches.has(CACHE)) ? caches.open(CACHE) : undefined;
}

// A cache lost while this build is still the page's (the browser short of space, a person
// clearing the site's data, an older build's worker in another folder deleting every "brisca-…")
// is filled again on the next visit online; without this the game would never open offline
// again until a new build. Not by a worker a newer build has replaced (its state "redundant",
// where the browser tells it: self.serviceWorker), whose deleted cache must stay deleted
// (elsewhere such a worker answering a page in the moment before the newer one takes over may
// make it again: a stale copy until that folder's next build deletes it).
async function refillIfLost() {
    const replaced = self.serviceWorker && self.serviceWorker.state === "redundant";
    if (!replaced && !(await caches.has(CACHE))) {
        await fill();
    }
}

async function keptFor(request) {
    const cache = await ownCache();
    if (!cache) {
        return undefined;
    }
    let kept = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    if (!kept && request.mode === "navigate") {
        kept = await cache.match(PAGE, { ignoreVary: true });
    }
    return serves(kept, request) ? kept : undefined;
}

// The host answered, but with an error where we keep a good copy: an outage (5xx) or a site
// moved or taken down (404). Its error page, or its error text unpacked as the game's archive,
// would stop a game the kept copy can still start.
function hostError(response) {
    return response.status >= 500 || response.status === 404;
}

// The request, past the HTTP cache (above). A navigation's is made anew from its address: one
// passed on with only its cache mode changed still got the older page (measured in Chromium: the
// folder's address opened in a new browser session). Its redirects stay the browser's to follow
// ("manual"), as a navigation's are.
function revalidated(request) {
    if (request.mode !== "navigate") {
        return new Request(request, { cache: "no-cache" });
    }
    return new Request(request.url, { cache: "no-cache", credentials: "same-origin", redirect: "manual" });
}

function networkFirst(event) {
    const request = event.request;
    const network = fetch(revalidated(request));
    if (request.mode === "navigate") {
        event.waitUntil(refillIfLost().catch(() => {}));
    }
    // kept for next time whenever it comes (asked now: the worker stays awake until then)
    event.waitUntil(network.then(async (response) => {
        const cache = response.ok && !response.redirected ? await ownCache() : undefined;
        if (cache) {
            await cache.put(request, response.clone());
        }
    }).catch(() => {}));
    return (async () => {
        const kept = await keptFor(request);
        if (!kept) {
            return network;
        }
        try {
            const late = new Promise((resolve) => setTimeout(resolve, PATIENCE_MS, null));
            const answer = await Promise.race([network, late]);
            return answer && !hostError(answer) ? answer : kept;
        } catch (error) {
            return kept;   // offline, refused
        }
    })();
}

async function keptFirst(event) {
    const request = event.request;
    const cache = await ownCache();
    if (!cache) {
        return fetch(request);
    }
    const kept = await cache.match(request, { ignoreVary: true });  // (a CDN may vary on headers the page sends otherwise)
    if (serves(kept, request)) {
        return kept;
    }
    try {
        const response = await fetch(request);
        if (keepable(response)) {
            event.waitUntil(cache.put(request, response.clone()).catch(() => {}));
        }
        return response;
    } catch (error) {
        const near = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
        if (serves(near, request)) {
            return near;
        }
        throw error;
    }
}

// A part of a kept runtime file (a media element asks for "bytes=0-": pythons.js's silent
// empty.ogg, which tells it whether sound may start), else the network as the browser would.
async function keptPart(event) {
    const request = event.request;
    const cache = await ownCache();
    const kept = cache && await cache.match(request.url, { ignoreVary: true });
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.get("range") || "");
    if (!kept || kept.type === "opaque" || !range) {
        return fetch(request);
    }
    const body = await kept.arrayBuffer();
    const size = body.byteLength;
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
        return new Response(null, { status: 416, headers: { "Content-Range": "bytes */" + size } });
    }
    const headers = new Headers(kept.headers);
    headers.set("Content-Range", "bytes " + start + "-" + end + "/" + size);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(body.slice(start, end + 1), { status: 206, statusText: "Partial Content", headers: headers });
}

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") {
        return;   // the browser's own handling: nothing here to keep
    }
    if (request.headers.has("range")) {
        if (request.url.startsWith(RUNTIME_ORIGIN)) {
            event.respondWith(keptPart(event));
        }
        return;
    }
    const url = new URL(request.url);
    if (url.origin === self.location.origin) {
        if (url.pathname.endsWith("/sw.js")) {
            return;
        }
        event.respondWith(networkFirst(event));
    } else if (request.url.startsWith(RUNTIME_ORIGIN)) {
        event.respondWith(keptFirst(event));
    }
});
