#!/usr/bin/env python3
"""trunk post_build hook: finishes the site in trunk's staging directory.

0. Writes the computer player's loader, which starts the page's own wasm
   module (app-<hash>.js, app-<hash>_bg.wasm) in a module worker, under a
   name made from its content, worker-loader-<hash>.js, and names it in
   index.html's <meta name="cheversi-worker" content="...">, so a page
   only ever starts the worker of its own build, however long it stays
   open.
   Then writes embed.html (the board alone, for iframes on rules pages),
   which keeps the tag.
1. Moves trunk's inline start-up script into its own file, so the page's
   Content-Security-Policy can forbid inline scripts, and moves trunk's
   preload links (the wasm module and its glue), which trunk appends at
   the end of <head>, up to just after the Content-Security-Policy: the
   theme's script blocks the parser, and the browser fetched the wasm
   only once it had run.
2. Writes the duel's opening book (duel_book.txt, which also gives who
   wins each setup), which the wasm module leaves out and fetches with the
   first duel: no comments, and a first jump's line without its setup
   (half the size; the engine reads both forms).
3. Writes the service worker from www/public/sw.js with the list of every
   file of this build (trunk's hashed names included) and its SHA-256,
   which the service worker checks while installing, and a version made
   from them, so a new build replaces the old cache cleanly.

Before all that, the scripts are minified by terser (from e2e/'s npm
packages, as wasm-opt is): wasm-bindgen's app-<hash>.js, renamed by its
new content, and those copied from www/public. sw.js and worker-loader.js
only lose their whole-line // comments: step 3, step 0 and the tests
(e2e/lib/deploy.js, tests/worker.test.js) read them as text.

Run by trunk (see Trunk.toml); reads TRUNK_STAGING_DIR.
"""
import hashlib
import json
import os
import re
import subprocess
import sys

staging = os.environ.get("TRUNK_STAGING_DIR") or (sys.argv[1] if len(sys.argv) > 1 else None)
if not staging or not os.path.isdir(staging):
    sys.exit("post-build: TRUNK_STAGING_DIR is not a directory")

# Trunk's start-up script, quoted or (minified) not.
INLINE = re.compile(r'<script type=(?:"module"|module)>(.*?)</script>', re.S)


def externalise_start_script(html_name):
    path = os.path.join(staging, html_name)
    with open(path, encoding="utf-8") as f:
        html = f.read()
    match = INLINE.search(html)
    if not match:
        return
    code, compile_tag = compile_early(match.group(1).strip() + "\n", html_name)
    digest = hashlib.sha256(code.encode()).hexdigest()[:16]
    name = f"start-{digest}.js"
    with open(os.path.join(staging, name), "w", encoding="utf-8") as f:
        f.write(code)
    html = html[: match.start()] + f'<script type="module" src="./{name}"></script>' + html[match.end():]
    # With the preloads, which hoist_preloads moves to the top.
    html = html.replace("</head>", compile_tag + "</head>", 1)
    if INLINE.search(html):
        sys.exit(f"post-build: {html_name} still has an inline script")
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


# trunk's preloads (the glue's modulepreload, the wasm's preload as=fetch)
# and the script that compiles the wasm early.
PRELOAD = re.compile(r'<link [^>]*rel=(?:"?modulepreload"?|"?preload"?)[^>]*>'
                     r'|<script async type="module" src="\./compile-[0-9a-f]+\.js"></script>')
CSP = re.compile(r'<meta [^>]*http-equiv="?Content-Security-Policy"?[^>]*>')


def hoist_preloads(html_name):
    path = os.path.join(staging, html_name)
    with open(path, encoding="utf-8") as f:
        html = f.read()
    links = PRELOAD.findall(html)
    csp = CSP.search(html)
    if not links:
        return
    if not csp:
        sys.exit(f"post-build: {html_name} has preloads but no Content-Security-Policy to put them after")
    html = PRELOAD.sub("", html)
    csp = CSP.search(html)
    html = html[: csp.end()] + "".join(links) + html[csp.end():]
    with open(path, "w", encoding="utf-8") as f:
        f.write(html)


# trunk's start-up code hands the wasm module's URL to wasm-bindgen's init.
WASM_URL = re.compile(r"module_or_path: '(\./app-[0-9a-f]+_bg\.wasm)'")


def compile_early(code, html_name):
    """The wasm module compiled from its first bytes on: a small async
    script, started with the preloads, compiles it while the page parses,
    and the start-up script, which runs once the page is parsed, hands the
    compiled module to init, or the URL if compiling failed. The page's
    first board came 25 ms sooner (e2e/first-board.js)."""
    urls = WASM_URL.findall(code)
    if len(urls) != 1:
        sys.exit(f"post-build: {html_name}'s start-up script does not pass one wasm URL to init: {code!r}")
    url = urls[0]
    # Whichever script runs first starts the one compile: the async script
    # runs first as a rule, but on a loaded machine it came after the
    # start-up script, and the module was fetched and compiled twice.
    compile = (
        f"(window.cheversiModule ??= WebAssembly.compileStreaming(fetch('{url}'))\n"
        "  // A host that serves .wasm under another type gets the bytes compiled the slow way.\n"
        f"  .catch(() => fetch('{url}').then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b))))"
    )
    compile_code = f"{compile};\n"
    compile_name = content_name("compile", ".js", compile_code.encode())
    with open(os.path.join(staging, compile_name), "w", encoding="utf-8") as f:
        f.write(compile_code)
    code = WASM_URL.sub(lambda _: f"module_or_path: await {compile}.catch(() => null) ?? '{url}'", code)
    return code, f'<script async type="module" src="./{compile_name}"></script>'


def write_service_worker():
    template_path = os.path.join(staging, "sw.js")
    if not os.path.exists(template_path):
        return
    files = []
    for root, _dirs, names in os.walk(staging):
        for name in names:
            full = os.path.join(root, name)
            rel = os.path.relpath(full, staging).replace(os.sep, "/")
            if rel == "sw.js" or rel.startswith("."):
                continue
            files.append(rel)
    files.sort()
    with open(template_path, encoding="utf-8") as f:
        sw = f.read()
    digests = {}
    for rel in files:
        with open(os.path.join(staging, rel), "rb") as f:
            digests[rel] = hashlib.sha256(f.read()).hexdigest()
    # The page itself is cached as "./" too (index.html's bytes).
    entries = [{"url": "./", "sha256": digests["index.html"]}]
    entries += [{"url": "./" + rel, "sha256": digests[rel]} for rel in files]
    # The version covers the service worker's own code too, so a change to
    # it alone still gets a cache of its own.
    version = hashlib.sha256(sw.encode())
    for entry in entries:
        version.update(entry["url"].encode() + b"\0" + entry["sha256"].encode() + b"\n")
    sw = sw.replace("self.__PRECACHE__", json.dumps(entries, indent=2))
    sw = sw.replace("__VERSION__", version.hexdigest()[:16])
    with open(template_path, "w", encoding="utf-8") as f:
        f.write(sw)


def content_name(stem, suffix, data):
    return f"{stem}-{hashlib.sha256(data).hexdigest()[:16]}{suffix}"


def write_worker_loader():
    """The worker's loader, naming the app's hashed files, under a hashed
    name of its own; the meta tag that names it."""
    loader_path = os.path.join(staging, "worker-loader.js")
    with open(loader_path, encoding="utf-8") as f:
        loader = f.read()
    os.remove(loader_path)
    names = sorted(os.listdir(staging))
    app = {
        "app.js": [n for n in names if re.fullmatch(r"app-[0-9a-f]+\.js", n)],
        "app_bg.wasm": [n for n in names if re.fullmatch(r"app-[0-9a-f]+_bg\.wasm", n)],
    }
    for old, found in app.items():
        if len(found) != 1:
            sys.exit(f"post-build: expected one hashed {old}, found {found} in {names}")
        quoted = f"'./{old}'"
        if quoted not in loader:
            sys.exit(f"post-build: worker-loader.js does not load {quoted}")
        loader = loader.replace(quoted, f"'./{found[0]}'")
    loader_name = content_name("worker-loader", ".js", loader.encode())
    with open(os.path.join(staging, loader_name), "w", encoding="utf-8") as f:
        f.write(loader)
    index_path = os.path.join(staging, "index.html")
    with open(index_path, encoding="utf-8") as f:
        html = f.read()
    if html.count("</head>") != 1 or 'name="cheversi-worker"' in html:
        sys.exit("post-build: index.html needs one </head> and no cheversi-worker tag yet")
    tag = f'<meta name="cheversi-worker" content="./{loader_name}">'
    html = html.replace("</head>", tag + "\n</head>")
    with open(index_path, "w", encoding="utf-8") as f:
        f.write(html)
    return tag


def write_embed_page():
    """embed.html: the same page, marked so the app shows one board."""
    with open(os.path.join(staging, "index.html"), encoding="utf-8") as f:
        html = f.read()
    if "<body>" not in html:
        sys.exit("post-build: index.html has no <body>")
    html = html.replace("<body>", "<body data-embed>", 1)
    with open(os.path.join(staging, "embed.html"), "w", encoding="utf-8") as f:
        f.write(html)


def write_duel_data():
    """The book without comments, and a first jump's line (a square third)
    without its setup when the line before has the same. Checked by
    putting the setups back: the engine must read what the file says."""
    name = "duel_book.txt"
    with open(os.path.join("crates", "engine", "data", name), encoding="utf-8") as f:
        lines = [line.split() for line in f if line.strip() and not line.lstrip().startswith("#")]
    out, setup = [], None
    for words in lines:
        first_jump = len(words) > 2 and len(words[2]) == 2
        out.append(words[2:] if first_jump and words[:2] == setup else words)
        setup = words[:2]
    # A line whose second word is a result has left out its setup.
    whole, setup = [], None
    for words in out:
        shortened = len(words) > 1 and words[1] in ("W", "B", "?") and setup is not None
        whole.append(setup + words if shortened else words)
        setup = whole[-1][:2]
    if whole != lines:
        sys.exit(f"post-build: {name}: the shortened book does not read back")
    with open(os.path.join(staging, name), "w", encoding="utf-8") as f:
        f.write("".join(" ".join(words) + "\n" for words in out))


TERSER = os.path.join("e2e", "node_modules", ".bin", "terser")
# ES modules: terser may rename their top-level names too.
MODULES = re.compile(r"app-[0-9a-f]+\.js|cheversi\.js|api-demo\.js")


def minify_scripts():
    """Minifies the scripts (the site is measured gzipped). Runs before
    the worker's loader gets its hashed name."""
    if not os.access(TERSER, os.X_OK):
        sys.exit(f"post-build: {TERSER} is missing: run scripts/setup.sh")
    for name in sorted(os.listdir(staging)):
        path = os.path.join(staging, name)
        if not name.endswith(".js"):
            continue
        if name in ("sw.js", "worker-loader.js"):
            strip_comment_lines(path)
            continue
        module = ["--module"] if MODULES.fullmatch(name) else []
        done = subprocess.run([TERSER, path, "--compress", "--mangle", "--format", "quote_style=3", *module,
                               "--output", path],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"post-build: terser failed on {name}: {done.stderr.strip()}")
        if re.fullmatch(r"app-[0-9a-f]+\.js", name):
            rename_by_content(name, "app", ".js")


def rename_by_content(name, stem, suffix):
    """trunk's hashed name, made again from the minified content, in the
    file and in the pages that name it."""
    with open(os.path.join(staging, name), "rb") as f:
        new = content_name(stem, suffix, f.read())
    os.rename(os.path.join(staging, name), os.path.join(staging, new))
    for page in os.listdir(staging):
        if page.endswith(".html"):
            path = os.path.join(staging, page)
            with open(path, encoding="utf-8") as f:
                html = f.read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(html.replace(name, new))


def strip_comment_lines(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    kept = [line for line in lines if not line.lstrip().startswith("//")]
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(kept))


minify_scripts()
worker_tag = write_worker_loader()
write_embed_page()
for html_name in ("index.html", "embed.html"):
    with open(os.path.join(staging, html_name), encoding="utf-8") as f:
        if worker_tag not in f.read():
            sys.exit(f"post-build: {html_name} does not name the worker loader")
for html_name in sorted(os.listdir(staging)):
    if html_name.endswith(".html"):
        externalise_start_script(html_name)
        hoist_preloads(html_name)
write_duel_data()
write_service_worker()
