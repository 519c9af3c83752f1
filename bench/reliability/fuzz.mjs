// Part 5: every operation of the OpenAPI document with a JSON body or query/path parameters, sent
// malformed input (broken JSON, NUL characters, lone surrogates, 10,000-level nesting, 1 MB
// strings, wrong types) anonymously and as a signed-in patron. Target: no answer ≥ 500. Random
// cases come from fast-check, which shrinks a failing one to a small body.
import fc from 'fast-check';
import { addressOf } from '../lib.mjs';
import { load, PASSWORD, signUpBody, startServer, verdict } from './common.mjs';

const NESTING = 10_000;
const HUGE = 'x'.repeat(1 << 20);
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '٠١٢',
  'me',
];

/** A string JSON.stringify keeps as an escape (lone surrogates) or a raw byte: any code unit. */
const nastyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom(...NASTY_STRINGS));
const nastyValue = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.string(), nastyString, { maxKeys: 3 }),
);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function resolve(doc, schema) {
  for (let i = 0; schema?.$ref && i < 10; i++) {
    schema = schema.$ref
      .split('/')
      .slice(1)
      .reduce((node, key) => node?.[key], doc);
  }
  return schema ?? {};
}

/** Values close to what the schema asks for, so that the input gets past the first checks. */
function plausible(doc, raw) {
  const schema = resolve(doc, raw);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email' || /email/.test(schema.description ?? '')) return fc.emailAddress();
  if (type === 'integer') return fc.integer({ min: -1, max: 1000 });
  if (type === 'number') return fc.double();
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array(plausible(doc, schema.items), { maxLength: 3 });
  if (type === 'object' && schema.properties) return objectOf(doc, schema);
  return fc.string({ maxLength: 40 });
}

function objectOf(doc, schema) {
  const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [
    key,
    fc.oneof({ weight: 3, arbitrary: plausible(doc, value) }, nastyValue),
  ]);
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
}

/** Percent-encodes any string, a lone surrogate included (as bytes that are not UTF-8). */
const encode = (text) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
};

function operations(doc) {
  const list = [];
  for (const [pathname, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).map((p) => resolve(doc, p));
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (!bodySchema && params.length === 0) continue;
      list.push({ method: method.toUpperCase(), pathname, params, body: bodySchema && resolve(doc, bodySchema) });
    }
  }
  return list;
}

/** Fixed cases every operation gets: the named kinds of bad input. */
function fixedCases(op) {
  const fields = Object.keys(op.body?.properties ?? {});
  const every = (value) => Object.fromEntries(fields.map((key) => [key, value]));
  const bodies = op.body
    ? [
        ['broken JSON', { raw: '{"a":' }],
        ['not UTF-8', { raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) }],
        ['text/plain', { raw: '{}', type: 'text/plain' }],
        [`${NESTING}-level array`, { raw: `${'['.repeat(NESTING)}${']'.repeat(NESTING)}` }],
        [
          `${NESTING}-level object in every field`,
          { raw: JSON.stringify(every(0)).replaceAll('0', `${'{"a":'.repeat(NESTING)}1${'}'.repeat(NESTING)}`) },
        ],
        ['1 MB string in every field', { json: every(HUGE) }],
        ['NUL in every field', { json: every('a\u0000b') }],
        ['lone surrogate in every field', { json: every('x\ud800y') }],
        ['objects in every field', { json: every({ a: [1] }) }],
        ['numbers in every field', { json: every(-1e308) }],
        ['array body', { json: [every('a')] }],
        ['null body', { json: null }],
      ]
    : [];
  const paramCases = op.params.length
    ? [
        ['NUL in every parameter', { values: 'a\u0000b' }],
        ['lone surrogate in every parameter', { values: '\ud800' }],
        ['1 MB parameter', { values: 'x'.repeat(1 << 16) }],
        ['wrong type in every parameter', { values: '-1e999' }],
      ]
    : [];
  const plausibleParams = Object.fromEntries(op.params.map((p) => [p.name, p.in === 'path' ? 'me' : '1']));
  return [
    ...bodies.map(([name, body]) => [name, { params: plausibleParams, body }]),
    ...paramCases.map(([name, { values }]) => [
      name,
      { params: Object.fromEntries(op.params.map((p) => [p.name, values])), body: op.body ? { json: {} } : undefined },
    ]),
  ];
}

function randomCase(doc, op) {
  const params = fc.record(
    Object.fromEntries(op.params.map((p) => [p.name, fc.oneof(plausible(doc, p.schema).map(String), nastyString)])),
  );
  const body = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: objectOf(doc, op.body).map((json) => ({ json })) },
        fc.jsonValue().map((json) => ({ json })),
        nastyValue.map((json) => ({ json })),
        fc.string().map((raw) => ({ raw })),
      )
    : fc.constant(undefined);
  return fc.record({ params, body, signedIn: fc.boolean() });
}

export async function fuzzPart(options) {
  console.log(
    `\n-- fuzz: ${options.fuzzRuns} random cases per operation, at most ${options.fuzzSeconds} s (${load()})`,
  );
  const server = await startServer();
  let address = 50_000;
  const found = [];
  let sent = 0;
  let serverDown = false;
  const closed = [];
  const retried = [];
  try {
    const doc = await (await fetch(`${server.base}/api/openapi.json`)).json();
    const ops = operations(doc);
    // The patron: signed up first, signed in again (or replaced) whenever a case ended its session.
    const patron = { email: 'fuzz-patron0@bench.maktaba.test', cookie: '', n: 0 };
    const cookieOf = (response) =>
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .filter((pair) => !pair.endsWith('='))
        .join('; ');
    // A connection the server closed after a case is not the patron's fault: one more try.
    const call = (url, init) =>
      fetch(url, init).catch(async (error) => {
        console.log(
          `  (${error.cause?.code ?? error.name} on ${url.replace(server.base, '')}, tried again; server process ${alive(server.pid) ? 'alive' : 'gone'})`,
        );
        return fetch(url, init);
      });
    const ensurePatron = async () => {
      if (patron.cookie) {
        const session = await call(`${server.base}/api/auth/session`, { headers: { Cookie: patron.cookie } });
        const body = await session.json().catch(() => null);
        if (body?.user || body?.profile) return;
      }
      const headers = { 'Content-Type': 'application/json', 'X-Forwarded-For': addressOf(address++) };
      let response = await call(`${server.base}/api/auth/sign-in`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email: patron.email, password: PASSWORD }),
      });
      if (response.status !== 200) {
        patron.email = `fuzz-patron${++patron.n}@bench.maktaba.test`;
        response = await call(`${server.base}/api/auth/sign-up`, {
          method: 'POST',
          headers,
          body: JSON.stringify(signUpBody(patron.email, patron.n)),
        });
      }
      patron.cookie = cookieOf(response);
      await response.arrayBuffer();
    };
    await ensurePatron();

    const send = async (op, input) => {
      let pathname = op.pathname;
      const search = [];
      for (const p of op.params) {
        const value = String(input.params[p.name] ?? '');
        if (p.in === 'path') pathname = pathname.replace(`{${p.name}}`, encode(value) || 'x');
        else if (p.in === 'query') search.push(`${encodeURIComponent(p.name)}=${encode(value)}`);
      }
      const headers = { 'X-Forwarded-For': addressOf(address++) };
      if (input.signedIn) headers.Cookie = patron.cookie;
      let body;
      if (input.body) {
        headers['Content-Type'] = input.body.type ?? 'application/json';
        body = 'raw' in input.body ? input.body.raw : JSON.stringify(input.body.json);
      }
      sent++;
      const url = `${server.base}${pathname}${search.length ? `?${search.join('&')}` : ''}`;
      // A connection closed under a request (the server answered an oversized body early and
      // closed it, or a kept-alive socket it had closed) gets one more try on a new connection.
      let lastError;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const response = await fetch(url, { method: op.method, headers, body, signal: AbortSignal.timeout(30_000) });
          const text = await response.text();
          return { status: response.status, text };
        } catch (error) {
          lastError = String(error.cause?.code ?? error.name);
        }
      }
      const health = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) {
        serverDown = true;
        return { status: 0, text: `${lastError}; then /api/health ${health || 'no answer'}: the server is down` };
      }
      closed.push(`${op.method} ${op.pathname} (${lastError})`);
      return { status: -1, text: lastError };
    };
    const describe = (input) => {
      const body = input.body && ('raw' in input.body ? String(input.body.raw) : JSON.stringify(input.body.json));
      const text = JSON.stringify({ params: input.params, body, signedIn: input.signedIn });
      return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
    };
    const deadline = Date.now() + options.fuzzSeconds * 1000;
    let covered = 0;
    for (const [index, op] of ops.entries()) {
      if (Date.now() > deadline) break;
      if (process.env.BENCH_FUZZ_TRACE) console.log(`  ${op.method} ${op.pathname}`);
      covered++;
      const route = `${op.method} ${op.pathname}`;
      for (const [name, input] of fixedCases(op)) {
        for (const signedIn of [false, true]) {
          if (signedIn) await ensurePatron();
          const answer = await send(op, { ...input, signedIn });
          if (answer.status >= 500 || answer.status === 0) {
            found.push({
              route,
              status: answer.status,
              input: `${name}: ${describe({ ...input, signedIn })}`,
              answer: answer.text.slice(0, 200),
            });
          }
          if (serverDown) break;
        }
        if (serverDown) break;
      }
      if (serverDown) break;
      await ensurePatron();
      const budget = Math.max(1000, (deadline - Date.now()) / (ops.length - index));
      const result = await fc.check(
        fc.asyncProperty(randomCase(doc, op), async (input) => {
          const answer = await send(op, input);
          return answer.status < 500 && !serverDown;
        }),
        { numRuns: options.fuzzRuns, interruptAfterTimeLimit: budget, markInterruptAsFailure: false, seed: 2026 },
      );
      if (serverDown) {
        found.push({ route, status: 0, input: 'a random case', answer: 'the server is down' });
        break;
      }
      if (result.failed && result.counterexample) {
        const [input] = result.counterexample;
        const answer = await send(op, input);
        found.push({
          route,
          status: answer.status,
          input: `random (shrunk): ${describe(input)}`,
          answer: answer.text.slice(0, 200),
        });
      }
    }
    console.log(`  ${covered} of ${ops.length} operations covered, ${sent} requests (${load()})`);
    if (retried.length > 0) {
      console.log(
        `  the patron's own requests met a connection the server had closed ${retried.length} times (each answered on a second try)`,
      );
    }
    if (closed.length > 0) {
      console.log(
        `  connection closed without an answer, twice (not counted as 5xx: likely an oversized body refused early): ${[...new Set(closed)].join('; ')}`,
      );
    }
    for (const f of found) console.log(`  ${f.status || 'no answer'} ${f.route} ← ${f.input} → ${f.answer}`);
    verdict(
      'fuzz',
      'no answer ≥ 500, server up throughout',
      found.length === 0,
      `${found.length} found on ${new Set(found.map((f) => f.route)).size} operations; ${covered}/${ops.length} operations covered`,
    );
  } finally {
    await server.stop();
  }
}
