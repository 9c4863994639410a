// The crash test's customers: each signs up, then places orders with an Idempotency-Key,
// cancels some and pays for some, retrying every request (same key) through connection
// errors, timeouts and 5xx until it gets a definitive answer. Every answer is recorded so the
// database can be checked against what the clients were told.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const between = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

/** Stripe's public test card that succeeds (the sandbox gateway follows Stripe's test numbers). */
export const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

export function createStats() {
  return {
    requests: 0,
    networkErrors: 0,
    retries: 0,
    serverErrors: [],
    ordersCreated: 0,
    replayed: 0,
    outOfStock: 0,
    cancelled: 0,
    paid: 0,
    refused: [],
    brokenAccounts: [],
    imports: 0,
    refunds: 0,
  };
}

/**
 * A client of one or more app servers. `targets()` lists the base URLs it may use now; each
 * attempt goes to a random one (a load balancer spreading a buyer's retries across servers).
 */
export class Client {
  constructor(targets, stats, { deadlineMs, origin }) {
    this.targets = targets;
    this.origin = origin;
    this.stats = stats;
    this.deadlineMs = deadlineMs;
  }

  /** `body` is sent as JSON; `csv`, a text, as text/csv. */
  async once(method, path, { body, csv, cookie, headers } = {}) {
    this.stats.requests += 1;
    const res = await fetch(pick(this.targets()) + path, {
      method,
      headers: {
        // A browser's same-site request: the app refuses state changes from other origins.
        origin: this.origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(csv !== undefined ? { 'content-type': 'text/csv' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : csv,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  }

  /**
   * Sends the same request until the answer is definitive: anything but a dropped
   * connection, a timeout, 429 or 5xx. Answers `{ res, attempts }`.
   */
  async definitive(label, method, path, options) {
    const deadline = Date.now() + this.deadlineMs;
    for (let attempts = 1; ; attempts += 1) {
      try {
        const res = await this.once(method, path, options);
        if (res.status < 500 && res.status !== 429 && res.status !== 408) return { res, attempts };
        if (res.status >= 500) this.stats.serverErrors.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
      } catch {
        this.stats.networkErrors += 1;
      }
      if (Date.now() > deadline) throw new Error(`${label}: no definitive answer within ${this.deadlineMs} ms`);
      this.stats.retries += 1;
      // Exponential backoff with full jitter (50 ms doubling to 1 s): a restarting server is
      // not buried under 200 clients' retries.
      await sleep(Math.random() * Math.min(1_000, 50 * 2 ** Math.min(attempts, 5)));
    }
  }
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Signs up (or, when a lost answer already created the account, signs in). Answers the cookie,
 * or null when the account exists but cannot sign in (a crash left it half-made).
 */
export async function session(client, account) {
  const up = await client.definitive(`sign-up ${account.email}`, 'POST', '/api/auth/sign-up/email', { body: account });
  if (up.res.status === 200) return cookieOf(up.res);
  const inRes = await client.definitive(`sign-in ${account.email}`, 'POST', '/api/auth/sign-in/email', {
    body: { email: account.email, password: account.password },
  });
  if (inRes.res.status === 200) return cookieOf(inRes.res);
  client.stats.brokenAccounts.push(
    `${account.email}: sign-up ${up.res.status} ${up.res.json?.error?.code ?? ''}, then sign-in ${inRes.res.status} ${inRes.res.json?.error?.code ?? ''}`,
  );
  return null;
}

/**
 * One buyer: orders until `shouldStop()`, then finishes what it started. Every order key is
 * recorded with its final answer in `ledger`.
 */
export async function runBuyer(client, { index, keyPrefix, cookie, tools, ledger, shouldStop, payments }) {
  let n = 0;
  while (!shouldStop()) {
    n += 1;
    // Three orders in ten are of two or three tools (all or nothing); the others the spec's one tool.
    const count = Math.random() < 0.3 ? between(2, Math.min(3, tools.length)) : 1;
    const chosen = [...tools].sort(() => Math.random() - 0.5).slice(0, count);
    const lines = chosen.map((tool) => ({ toolId: tool.id, quantity: between(tool.minimum, tool.minimum + tool.spread) }));
    const key = `${keyPrefix}-${index}-${n}`;
    const where = { phone: '+1 555 0100', address: `${index} Crash Street` };
    const body = count === 1 ? { ...lines[0], ...where } : { lines, ...where };
    const entry = {
      key,
      buyer: index,
      lines,
      toolId: lines[0].toolId,
      quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
      status: null,
      orderId: null,
      cancelled: false,
      paid: false,
      transactionId: null,
    };
    ledger.push(entry);

    const { res } = await client.definitive(`order ${key}`, 'POST', '/api/orders', { body, cookie, headers: { 'idempotency-key': key } });
    entry.status = res.status;
    if (res.status === 200 || res.status === 201) {
      entry.orderId = res.json.id;
      if (res.status === 200) client.stats.replayed += 1;
      else client.stats.ordersCreated += 1;
    } else if (res.status === 409 && (res.json?.error?.code === 'OUT_OF_STOCK' || res.json?.error?.code === 'LINES_REFUSED')) {
      client.stats.outOfStock += 1;
    } else {
      client.stats.refused.push(`${key}: ${res.status} ${res.text.slice(0, 200)}`);
    }

    if (entry.orderId !== null) {
      const roll = Math.random();
      if (roll < 0.15) await cancel(client, cookie, entry);
      else if (payments && roll < 0.35) await pay(client, cookie, entry);
    }
    await sleep(between(0, 60));
  }
}

async function cancel(client, cookie, entry) {
  const { res, attempts } = await client.definitive(`cancel ${entry.orderId}`, 'DELETE', `/api/orders/${entry.orderId}`, { cookie });
  // A retried cancel whose first attempt went through finds the order cancelled already.
  if (res.status === 200 || (attempts > 1 && res.status === 409)) {
    entry.cancelled = true;
    entry.cancelAnswer = res.status;
    client.stats.cancelled += 1;
  } else {
    client.stats.refused.push(`cancel ${entry.orderId}: ${res.status} ${res.text.slice(0, 200)}`);
  }
}

/** Pays through the sandbox gateway: intent, card confirmation, then the server's verification. */
async function pay(client, cookie, entry) {
  const intent = await client.definitive(`intent ${entry.orderId}`, 'POST', `/api/orders/${entry.orderId}/payment-intent`, { cookie });
  if (intent.res.status !== 200 && intent.res.status !== 201) {
    client.stats.refused.push(`intent ${entry.orderId}: ${intent.res.status} ${intent.res.text.slice(0, 200)}`);
    return;
  }
  const { paymentIntentId, clientSecret } = intent.res.json;
  const card = await client.definitive(`sandbox ${entry.orderId}`, 'POST', '/api/payments/sandbox/confirm', {
    cookie,
    body: { paymentIntentId, clientSecret, ...TEST_CARD },
  });
  if (card.res.status >= 300 && !(card.attempts > 1 && card.res.status === 409)) {
    client.stats.refused.push(`sandbox ${entry.orderId}: ${card.res.status} ${card.res.text.slice(0, 200)}`);
    return;
  }
  const confirm = await client.definitive(`confirm ${entry.orderId}`, 'POST', `/api/orders/${entry.orderId}/payment/confirm`, {
    cookie,
    body: { paymentIntentId },
  });
  if (confirm.res.status === 200) {
    entry.paid = true;
    entry.transactionId = confirm.res.json?.transactionId ?? null;
    client.stats.paid += 1;
  } else {
    client.stats.refused.push(`confirm ${entry.orderId}: ${confirm.res.status} ${confirm.res.text.slice(0, 200)}`);
  }
}

/**
 * The admin: while the buyers shop, imports a product file (`POST /api/tools/import`) that sets
 * the scarce tools' stock, now up (a restock), now down (a correction): the import's stock moves
 * race the orders' on the same rows, and a killed import leaves nothing behind. The file holds
 * the tools as they are but for the stock (the price checks stay true); an import retried after
 * a lost answer sets the same stock again. `columns`: the product file's (toolCsvColumns).
 */
/**
 * The admin refunds a paid order (decision 025): the client is told cancelled. A retried refund
 * whose first attempt went through finds the order refunded already.
 */
async function refund(client, cookie, entry) {
  entry.refunding = true;
  const { res, attempts } = await client.definitive(`refund ${entry.orderId}`, 'POST', `/api/orders/${entry.orderId}/refund`, {
    cookie,
    body: { reason: 'Crash test refund' },
  });
  if (res.status === 200 || (attempts > 1 && res.status === 409 && res.text.includes('already refunded'))) {
    entry.cancelled = true;
    entry.refunded = true;
    client.stats.refunds += 1;
  } else {
    client.stats.refused.push(`refund ${entry.orderId}: ${res.status} ${res.text.slice(0, 200)}`);
  }
}

export async function runAdmin(client, { cookie, tools, columns, ledger, shouldStop }) {
  const scarce = tools.filter((tool) => tool.available < 1_000_000);
  while (!shouldStop()) {
    await sleep(between(200, 800));
    const rows = scarce.map((tool) => {
      const cells = {
        sku: tool.sku,
        name: tool.name,
        description: 'Crash test stock',
        image: '/images/tools/cordless-drill.svg',
        price: (tool.priceCents / 100).toFixed(2),
        stock: between(0, 400),
        minimum: tool.minimum,
        pack_size: 1,
      };
      return columns.map((column) => cells[column] ?? '').join(',');
    });
    const csv = [columns.join(','), ...rows].join('\n');
    const { res } = await client.definitive('import', 'POST', '/api/tools/import', { csv, cookie });
    if (res.status === 200) client.stats.imports += 1;
    else client.stats.refused.push(`import: ${res.status} ${res.text.slice(0, 200)}`);
    // And refunds one paid order, while the kills go on.
    const paid = ledger.filter((entry) => entry.paid && !entry.refunding);
    if (paid.length > 0) await refund(client, cookie, pick(paid));
  }
}
