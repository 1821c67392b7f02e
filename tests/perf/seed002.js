#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
//
// seed002.js: the eight file-reading strategies of seed 002 (the final,
// "version 2" script of the answer), run on files given on the command line,
// timed with performance.now() exactly where the seed starts and stops its
// clock, repeated after warm-ups, printed as JSON on stdout.
//
// Usage: node --expose-gc seed002.js [--repeat N] [--warmup N] [--pause MS]
//          [--strategies ID,ID,...] [--before-each CMD] FILE...
//
// --before-each runs CMD (with /bin/sh) before every sample, outside the timed
// section: compare-peers uses it to drop the page cache for cold runs.
// The files are only read, never written or removed.

'use strict';

const {performance} = require('perf_hooks');
const fs = require('fs');
const fsp = fs.promises;
const {execSync} = require('child_process');

// ---- the seed's code, unchanged but for the console.log of the timing ----

function readFileSync(filename) {
    let handle = fs.openSync(filename, "r");
    try {
        let stats = fs.fstatSync(handle);
        let buffer = Buffer.allocUnsafe(stats.size);
        let bytesRead = fs.readSync(handle, buffer, 0, stats.size, 0);
        if (bytesRead !== stats.size) {
            throw new Error("bytesRead not full file size")
        }
    } finally {
        fs.closeSync(handle);
    }
}

// read a file in one single read
async function readFile(filename) {
    let handle = await fsp.open(filename, "r");
    try {
        let stats = await handle.stat();
        let buffer = Buffer.allocUnsafe(stats.size);
        let {bytesRead} = await handle.read(buffer, 0, stats.size, 0);
        if (bytesRead !== stats.size) {
            throw new Error("bytesRead not full file size")
        }
    } finally {
        handle.close()
    }
}

function syncTest(files) {
    const startTime = performance.now();
    const results = [];

    for (let filename of files) {
        results.push(fs.readFileSync(filename));
    }
    return {ms: performance.now() - startTime, results};
}

function syncTestSingleRead(files) {
    const startTime = performance.now();
    const results = [];

    for (let filename of files) {
        readFileSync(filename);
    }
    return {ms: performance.now() - startTime, results: null};
}

async function asyncTest(files) {
    const startTime = performance.now();
    const results = [];

    for (let filename of files) {
        results.push(fs.promises.readFile(filename));
    }
    const values = await Promise.all(results);

    return {ms: performance.now() - startTime, results: values};
}

async function asyncTestStream(files) {
    const startTime = performance.now();

    for (let filename of files) {
        await new Promise((resolve, reject) => {
            let stream = fs.createReadStream(filename, {highWaterMark: 64 * 1024 * 10});
            let data = [];
            stream.on('data', chunk => {
                data.push(chunk);
            }).on('close', () => {
                resolve(Buffer.concat(data));
            }).on('error', reject);
        });
    }

    return {ms: performance.now() - startTime, results: null};
}

async function asyncTestStreamParallel(files) {
    const startTime = performance.now();
    let results = [];

    for (let filename of files) {
        results.push(new Promise((resolve, reject) => {
            const stream = fs.createReadStream(filename, {highWaterMark: 64 * 1024 * 100});
            const data = [];
            stream.on('data', chunk => {
                data.push(chunk);
            }).on('end', () => {
                resolve(Buffer.concat(data));
            }).on('error', reject);
        }));
    }
    const values = await Promise.all(results);

    return {ms: performance.now() - startTime, results: values};
}

async function asyncTestSingleReadSerial(files) {
    const startTime = performance.now();
    let buffer;
    for (let filename of files) {
        let handle = await fsp.open(filename, "r");
        try {
            let stats = await handle.stat();
            if (!buffer || buffer.length < stats.size) {
                buffer = Buffer.allocUnsafe(stats.size);
            }
            let {bytesRead} = await handle.read(buffer, 0, stats.size, 0);
            if (bytesRead !== stats.size) {
                throw new Error("bytesRead not full file size")
            }
        } finally {
            handle.close()
        }
    }
    return {ms: performance.now() - startTime, results: null};
}

async function asyncTestSingleReadParallel(files) {
    const startTime = performance.now();

    await Promise.all(files.map(readFile));

    return {ms: performance.now() - startTime, results: null};
}

async function asyncTestSerial(files) {
    const startTime = performance.now();
    const results = [];

    for (let filename of files) {
        results.push(await fs.promises.readFile(filename));
    }

    return {ms: performance.now() - startTime, results};
}

// ---- harness ---------------------------------------------------------------

// In the seed's run() order. `fresh`: every file lands in a buffer of its own.
const STRATEGIES = [
    {id: 'sync', seed: 'Sync version', fn: syncTest, fresh: true},
    {id: 'sync-single-read', seed: 'Sync single read version', fn: syncTestSingleRead,
     fresh: true},
    {id: 'async-parallel', seed: 'Async version', fn: asyncTest, fresh: true},
    {id: 'async-serial', seed: 'Async serial version', fn: asyncTestSerial, fresh: true},
    {id: 'async-stream-serial', seed: 'Async stream version', fn: asyncTestStream,
     fresh: true},
    {id: 'async-stream-parallel', seed: 'Async stream parallel version',
     fn: asyncTestStreamParallel, fresh: true},
    {id: 'async-single-read-serial', seed: 'Async single read serial version',
     fn: asyncTestSingleReadSerial, fresh: false},
    {id: 'async-single-read-parallel', seed: 'Async single read parallel version',
     fn: asyncTestSingleReadParallel, fresh: true},
];

function usage(message) {
    process.stderr.write(`seed002.js: ${message}\n` +
        'Usage: node --expose-gc seed002.js [--repeat N] [--warmup N] [--pause MS]\n' +
        '         [--strategies ID,ID,...] [--before-each CMD] FILE...\n' +
        `Strategies: ${STRATEGIES.map(s => s.id).join(', ')}\n`);
    process.exit(2);
}

function parseArgs(argv) {
    const opts = {repeat: 5, warmup: 1, pause: 200, strategies: null, beforeEach: null,
                  files: []};
    const intArg = (name, value) => {
        if (value === undefined || !/^[0-9]+$/.test(value)) {
            usage(`${name} needs a whole number, got "${value}"`);
        }
        return parseInt(value, 10);
    };
    for (let i = 0; i < argv.length; i++) {
        const a = argv[i];
        if (a === '--repeat') {
            opts.repeat = intArg(a, argv[++i]);
        } else if (a === '--warmup') {
            opts.warmup = intArg(a, argv[++i]);
        } else if (a === '--pause') {
            opts.pause = intArg(a, argv[++i]);
        } else if (a === '--strategies') {
            opts.strategies = (argv[++i] || '').split(',').filter(s => s.length > 0);
        } else if (a === '--before-each') {
            opts.beforeEach = argv[++i];
        } else if (a === '--help' || a === '-h') {
            usage('help');
        } else if (a.startsWith('--')) {
            usage(`unknown option ${a}`);
        } else {
            opts.files.push(a);
        }
    }
    if (opts.repeat < 1) {
        usage('--repeat must be at least 1');
    }
    if (opts.files.length === 0) {
        usage('give at least one file to read');
    }
    for (const f of opts.files) {
        let st;
        try {
            st = fs.statSync(f);
        } catch (e) {
            usage(`cannot read ${f}: ${e.message}`);
        }
        if (!st.isFile()) {
            usage(`${f} is not a regular file`);
        }
    }
    if (opts.strategies) {
        for (const id of opts.strategies) {
            if (!STRATEGIES.some(s => s.id === id)) {
                usage(`unknown strategy "${id}"`);
            }
        }
    }
    return opts;
}

function delay(t) {
    return new Promise(resolve => {
        if (global.gc) {
            global.gc();
        }
        setTimeout(resolve, t);
    });
}

function totalBytes(results) {
    if (!results) {
        return null;
    }
    return results.reduce((sum, b) => sum + b.length, 0);
}

function median(values) {
    const v = [...values].sort((a, b) => a - b);
    const n = v.length;
    return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    const files = opts.files;
    const sizes = files.map(f => fs.statSync(f).size);
    const expected = sizes.reduce((a, b) => a + b, 0);
    const chosen = STRATEGIES.filter(s => !opts.strategies || opts.strategies.includes(s.id));
    const out = {
        tool: 'node',
        node_version: process.version,
        gc_exposed: typeof global.gc === 'function',
        files: files.map((f, i) => ({path: f, size: sizes[i]})),
        repeat: opts.repeat,
        warmup: opts.warmup,
        pause_ms: opts.pause,
        strategies: [],
    };

    for (const s of chosen) {
        const row = {id: s.id, seed_name: s.seed, fresh_buffer: s.fresh,
                     warmup_ms: [], samples_ms: [], cpu_ms: [], ok: true};
        for (let round = 0; round < opts.warmup + opts.repeat; round++) {
            await delay(opts.pause);
            if (opts.beforeEach) {
                execSync(opts.beforeEach, {stdio: ['ignore', 'ignore', 'inherit']});
            }
            let r;
            const cpu0 = process.cpuUsage();
            try {
                r = await s.fn(files);
            } catch (e) {
                row.ok = false;
                row.error = String(e && e.message ? e.message : e);
                break;
            }
            const got = totalBytes(r.results);
            if (got !== null && got !== expected) {
                row.ok = false;
                row.error = `read ${got} bytes, expected ${expected}`;
                break;
            }
            // CPU time of the whole process (libuv's pool too), user + system,
            // around the strategy call: less sensitive to a busy machine.
            const cpu = process.cpuUsage(cpu0);
            if (round < opts.warmup) {
                row.warmup_ms.push(r.ms);
            } else {
                row.samples_ms.push(r.ms);
                row.cpu_ms.push((cpu.user + cpu.system) / 1000);
            }
            r = null;
        }
        if (row.samples_ms.length > 0) {
            row.median_ms = median(row.samples_ms);
            row.min_ms = Math.min(...row.samples_ms);
            row.mib_per_s = expected / 1048576 / (row.median_ms / 1000);
        }
        out.strategies.push(row);
    }
    process.stdout.write(JSON.stringify(out, null, 2) + '\n');
}

main().catch(e => {
    process.stderr.write(`seed002.js: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
});
