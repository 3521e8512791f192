// Dashboard 1's AngularJS bindings in Redwire's dashboard client. node-red-dashboard 3.6 fills a widget's format,
// label, tooltip, colours and units in with AngularJS's {{ expression | filter:arg }} against the widget's value
// and its last msg, and binds them as sanitized HTML. Here: a small evaluator of the expressions flows write
// (paths on msg and value, literals, arithmetic, comparison, ternary, a few methods of strings, numbers and arrays,
// the filters number, currency, uppercase, lowercase, json, date and limitTo), compiled to closures (no eval or
// Function), and a sanitizer by an allow-list of our own (no sanitizer library is vendored in this client).
(function (RW) {
  'use strict';

  // --- the expression language ---------------------------------------------------------------------------------
  const TOKEN = /\s*(?:(\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|([A-Za-z_$][\w$]*)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(===|!==|==|!=|<=|>=|&&|\|\||[-+*/%<>!?:.,()[\]|]))/y;
  const ESCAPES = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' };
  const unquoted = (s) => s.slice(1, -1).replace(/\\(u[0-9a-fA-F]{4}|.)/g, (all, c) =>
    c.length === 5 ? String.fromCharCode(parseInt(c.slice(1), 16)) : ESCAPES[c] || c);

  function tokens(text) {
    const out = [];
    TOKEN.lastIndex = 0;
    const end = text.trimEnd().length;
    while (TOKEN.lastIndex < end) {
      const at = TOKEN.lastIndex;
      const m = TOKEN.exec(text);
      if (!m) { throw new SyntaxError('unexpected ' + text.slice(at).trim()[0]); }
      out.push(m[1] !== undefined ? { num: Number(m[1]) } : m[2] !== undefined ? { id: m[2] }
        : m[3] !== undefined ? { str: unquoted(m[3]) } : { op: m[4] });
    }
    return out;
  }

  const defined = (v) => v !== undefined;
  // AngularJS's + and - treat a missing side as absent (+) or as 0 (-), so {{msg.nothing + 'x'}} is "x"
  const BINARY = {
    '+': (a, b) => defined(a) ? (defined(b) ? a + b : a) : b, '-': (a, b) => (defined(a) ? a : 0) - (defined(b) ? b : 0),
    '*': (a, b) => a * b, '/': (a, b) => a / b, '%': (a, b) => a % b,
    '<': (a, b) => a < b, '>': (a, b) => a > b, '<=': (a, b) => a <= b, '>=': (a, b) => a >= b,
    '==': (a, b) => a == b, '!=': (a, b) => a != b, '===': (a, b) => a === b, '!==': (a, b) => a !== b
  };
  const LEVELS = [['||'], ['&&'], ['==', '!=', '===', '!=='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%']];
  const LITERALS = { true: true, false: false, null: null, undefined: undefined };
  // the only functions an expression may call: methods of strings, numbers and arrays that make new values
  const METHODS = new Set(['toUpperCase', 'toLowerCase', 'trim', 'slice', 'substring', 'substr', 'indexOf',
    'lastIndexOf', 'includes', 'startsWith', 'endsWith', 'split', 'replace', 'charAt', 'padStart', 'padEnd',
    'concat', 'join', 'toFixed', 'toPrecision', 'toString', 'toLocaleString']);
  const member = (o, k) => o === undefined || o === null || k === 'constructor' || String(k).startsWith('__')
    ? undefined : o[k];

  // compiles a {{…}} expression into fn(scope); throws SyntaxError for what AngularJS would not parse
  function compile(text) {
    const ts = tokens(text);
    let i = 0;
    const peek = (op) => ts[i] && ts[i].op === op;
    const take = (op) => peek(op) && ++i;
    const expect = (op) => { if (!take(op)) { throw new SyntaxError('expected ' + op); } };

    function chain() {
      let fn = ternary();
      while (take('|')) {
        const name = ts[i] && ts[i].id;
        if (!name || !FILTERS[name]) { throw new SyntaxError('unknown filter ' + (name || '')); }
        i++;
        const args = [];
        while (take(':')) { args.push(ternary()); }
        const input = fn;
        fn = (s) => FILTERS[name](input(s), ...args.map((a) => a(s)));
      }
      return fn;
    }
    function ternary() {
      const test = binary(0);
      if (!take('?')) { return test; }
      const yes = ternary();
      expect(':');
      const no = ternary();
      return (s) => test(s) ? yes(s) : no(s);
    }
    function binary(level) {
      if (level === LEVELS.length) { return unary(); }
      let fn = binary(level + 1);
      for (let op; ts[i] && LEVELS[level].includes(op = ts[i].op);) {
        i++;
        const l = fn;
        const r = binary(level + 1);
        fn = op === '&&' ? (s) => l(s) && r(s) : op === '||' ? (s) => l(s) || r(s) : (s) => BINARY[op](l(s), r(s));
      }
      return fn;
    }
    function unary() {
      if (take('!')) { const a = unary(); return (s) => !a(s); }
      if (take('-')) { const a = unary(); return (s) => { const v = a(s); return defined(v) ? -v : -0; }; }
      if (take('+')) { const a = unary(); return (s) => { const v = a(s); return defined(v) ? +v : 0; }; }
      return postfix(primary());
    }
    function primary() {
      const t = ts[i++];
      if (!t) { throw new SyntaxError('unexpected end'); }
      if (t.op === '(') { const e = chain(); expect(')'); return e; }
      if (t.op === '[') {
        const items = [];
        while (!take(']')) { if (items.length) { expect(','); } items.push(ternary()); }
        return (s) => items.map((e) => e(s));
      }
      if ('num' in t || 'str' in t) { const v = 'num' in t ? t.num : t.str; return () => v; }
      if (t.id !== undefined) {
        // a name is one of the scope's own (msg, value), nothing it inherits
        return t.id in LITERALS ? () => LITERALS[t.id] : (s) => Object.hasOwn(s, t.id) ? s[t.id] : undefined;
      }
      throw new SyntaxError('unexpected ' + t.op);
    }
    function postfix(fn) {
      for (;;) {
        if (take('.')) {
          const k = ts[i] && ts[i++].id;
          if (k === undefined) { throw new SyntaxError('expected a name'); }
          fn = field(fn, () => k);
        } else if (take('[')) {
          const k = ternary();
          expect(']');
          fn = field(fn, k);
        } else if (peek('(')) {
          fn = call(fn);
        } else {
          return fn;
        }
      }
    }
    function field(on, key) {
      const f = (s) => member(on(s), key(s));
      f.on = on;
      f.key = key;
      return f;
    }
    function call(fn) {
      expect('(');
      const args = [];
      while (!take(')')) { if (args.length) { expect(','); } args.push(ternary()); }
      return (s) => {
        const self = fn.on ? fn.on(s) : undefined;
        const name = fn.key ? fn.key(s) : undefined;
        const kind = Array.isArray(self) ? 'array' : typeof self;
        if (!METHODS.has(name) || !['string', 'number', 'array'].includes(kind) || typeof self[name] !== 'function') {
          return undefined;
        }
        return self[name](...args.map((a) => a(s)).filter((a) => typeof a !== 'function'));
      };
    }

    const fn = chain();
    if (i < ts.length) { throw new SyntaxError('unexpected ' + JSON.stringify(ts[i])); }
    return fn;
  }

  // --- the filters (AngularJS's en-US locale) --------------------------------------------------------------------
  // AngularJS's JSON: keys starting with $$ left out
  const toJson = (v, indent) => JSON.stringify(v, (k, x) => typeof k === 'string' && k.startsWith('$$') ? undefined : x, indent);

  // |n| as digits without an exponent ("1e-7" as "0.0000001")
  function plain(n) {
    const s = String(n);
    const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
    if (!m) { return s; }
    const digits = m[1] + (m[2] || '');
    const point = m[1].length + Number(m[3]);
    return point <= 0 ? '0.' + '0'.repeat(-point) + digits
      : point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, point) + '.' + digits.slice(point);
  }

  // a number rounded half up on its decimal digits, grouped by thousands: fraction digits as asked, else up to max
  function formatNumber(number, size, minFrac, maxFrac) {
    if (!(typeof number === 'number' || typeof number === 'string') || isNaN(number)) { return null; }
    if (!isFinite(number)) { return { negative: number < 0, text: '\u221e' }; }
    const [whole, frac = ''] = plain(Math.abs(number)).split('.');
    const digits = size === undefined ? Math.min(Math.max(minFrac, frac.length), maxFrac) : Math.max(0, Math.trunc(+size) || 0);
    let n = BigInt(whole + frac.slice(0, digits).padEnd(digits, '0'));
    if ((frac[digits] || '0') >= '5') { n += 1n; }
    const s = n.toString().padStart(digits + 1, '0');
    const text = s.slice(0, s.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
      + (digits ? '.' + s.slice(s.length - digits) : '');
    return { negative: Number(number) < 0 && n !== 0n, text };
  }

  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
    'November', 'December'];
  const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const NAMED = { medium: 'MMM d, y h:mm:ss a', short: 'M/d/yy h:mm a', fullDate: 'EEEE, MMMM d, y',
    longDate: 'MMMM d, y', mediumDate: 'MMM d, y', shortDate: 'M/d/yy', mediumTime: 'h:mm:ss a', shortTime: 'h:mm a' };
  const pad = (n, size) => (n < 0 ? '-' : '') + String(Math.abs(n)).padStart(size, '0');
  // the week of the year: weeks start on Sunday, week 1 holds the year's first Thursday
  function week(d) {
    const first = new Date(d.getFullYear(), 0, 1).getDay();
    const firstThursday = new Date(d.getFullYear(), 0, (first <= 4 ? 5 : 12) - first);
    const thursday = new Date(d.getFullYear(), d.getMonth(), d.getDate() + (4 - d.getDay()));
    return Math.round((thursday - firstThursday) / 6.048e8) + 1;
  }
  const DATE_PARTS = {
    yyyy: (d) => pad(d.getFullYear(), 4), yy: (d) => pad(d.getFullYear() % 100, 2), y: (d) => String(d.getFullYear()),
    MMMM: (d) => MONTHS[d.getMonth()], LLLL: (d) => MONTHS[d.getMonth()], MMM: (d) => MONTHS[d.getMonth()].slice(0, 3),
    MM: (d) => pad(d.getMonth() + 1, 2), M: (d) => String(d.getMonth() + 1),
    dd: (d) => pad(d.getDate(), 2), d: (d) => String(d.getDate()),
    EEEE: (d) => DAYS[d.getDay()], EEE: (d) => DAYS[d.getDay()].slice(0, 3),
    HH: (d) => pad(d.getHours(), 2), H: (d) => String(d.getHours()),
    hh: (d) => pad(d.getHours() % 12 || 12, 2), h: (d) => String(d.getHours() % 12 || 12),
    mm: (d) => pad(d.getMinutes(), 2), m: (d) => String(d.getMinutes()),
    ss: (d) => pad(d.getSeconds(), 2), s: (d) => String(d.getSeconds()), sss: (d) => pad(d.getMilliseconds(), 3),
    a: (d) => d.getHours() < 12 ? 'AM' : 'PM',
    Z: (d) => { const o = -d.getTimezoneOffset(); return (o >= 0 ? '+' : '-') + pad(Math.floor(Math.abs(o) / 60), 2) + pad(Math.abs(o) % 60, 2); },
    ww: (d) => pad(week(d), 2), w: (d) => String(week(d)),
    G: () => 'AD', GG: () => 'AD', GGG: () => 'AD', GGGG: () => 'Anno Domini'
  };
  const DATE_TOKEN = /[^yMLdHhmsaZEwG']+|'(?:[^']|'')*'|E+|y+|M+|L+|d+|H+|h+|m+|s+|a|Z|G+|w+/g;

  function date(input, format) {
    let d = input;
    if (typeof d === 'string') { d = /^-?\d+$/.test(d.trim()) ? Number(d) : /^\d{4}-\d\d-\d\d/.test(d) ? new Date(d) : d; }
    if (typeof d === 'number') { d = new Date(d); }
    if (!(d instanceof Date) || !isFinite(d.getTime())) { return input; }
    const pattern = NAMED[format] || format || NAMED.mediumDate;
    // a letter run with no meaning (yyy) and quoted text are shown as written; '' is a quote
    return pattern.match(DATE_TOKEN).map((t) => DATE_PARTS[t] ? DATE_PARTS[t](d)
      : t === "''" ? "'" : t.replace(/^'|'$/g, '').replace(/''/g, "'")).join('');
  }

  const FILTERS = {
    number(n, size) {
      const f = formatNumber(n, size, 0, 3);
      return f ? (f.negative ? '-' : '') + f.text : '';
    },
    currency(n, symbol, size) {
      if (n === undefined || n === null) { return n; }
      const f = formatNumber(n, size === undefined ? 2 : size, 2, 2);
      return f ? (f.negative ? '-' : '') + (symbol === undefined ? '$' : symbol) + f.text : '';
    },
    uppercase: (s) => typeof s === 'string' ? s.toUpperCase() : s,
    lowercase: (s) => typeof s === 'string' ? s.toLowerCase() : s,
    json: (v, spacing) => toJson(v, spacing === undefined ? 2 : spacing),
    date,
    limitTo(input, limit, begin) {
      const n = Math.abs(Number(limit)) === Infinity ? Number(limit) : parseInt(limit, 10);
      if (isNaN(n)) { return input; }
      const v = typeof input === 'number' ? String(input) : input;
      if (!(typeof v === 'string' || Array.isArray(v))) { return v; }
      let from = parseInt(begin, 10) || 0;
      from = from < 0 ? Math.max(0, v.length + from) : from;
      return n >= 0 ? v.slice(from, from + n) : from === 0 ? v.slice(n) : v.slice(Math.max(0, from + n), from);
    }
  };

  // --- interpolation ------------------------------------------------------------------------------------------------
  // a value as {{ }} shows it: nothing for null and undefined, a plain object or array (or a Date) as JSON
  function shown(v) {
    if (v === undefined || v === null) { return ''; }
    if (typeof v === 'string') { return v; }
    if (typeof v === 'number') { return String(v); }
    const own = typeof v.toString === 'function' && v.toString !== Object.prototype.toString;
    return own && !Array.isArray(v) && !(v instanceof Date) ? v.toString() : toJson(v);
  }

  const PIECES = /\{\{([\s\S]*?)\}\}/g;
  const compiled = new Map();
  function parts(text) {
    if (!compiled.has(text)) {
      const out = [];
      let last = 0;
      for (const m of text.matchAll(PIECES)) {
        out.push(text.slice(last, m.index), compile(m[1]));
        last = m.index + m[0].length;
      }
      out.push(text.slice(last));
      compiled.set(text, out);
    }
    return compiled.get(text);
  }

  // the text with each {{…}} filled in from scope; a text that does not compile (a bad expression, an unknown
  // filter) shows nothing, as Dashboard 1's widget does; one naming "constructor" is shown as written
  function interpolate(text, scope) {
    if (typeof text !== 'string' || !text.includes('{{') || text.includes('constructor')) { return text; }
    let ps;
    try { ps = parts(text); } catch (e) { return ''; }
    return ps.map((p) => typeof p === 'string' ? p : shown(p(scope))).join('');
  }

  const compiles = (text) => { try { parts(text); return true; } catch (e) { return false; } };

  // the msg fields Dashboard 1 sends a widget with its value: for each {{…}} of its bound texts, the name after the
  // first "msg." in the expression's text before its first "|", space or "?" ({{msg.a + msg.b}} gets only msg.a)
  function sentFields(texts) {
    const names = new Set();
    texts.filter((t) => typeof t === 'string').forEach((t) => {
      for (const m of t.matchAll(PIECES)) {
        const head = m[1].trim().split('|')[0].split(' ')[0].split('?')[0];
        const at = head.indexOf('msg.');
        if (at >= 0) { names.add(head.slice(at + 4).split(/[.[]/)[0]); }
      }
    });
    return names;
  }

  // Dashboard 1's roles of the props of the widgets Redwire runs its ui_* nodes on, in the order it compiles them:
  // a text that fails leaves itself and the ones after it empty (a ui_text with a bad format shows no label either)
  const ROLES = { format: 'format', buttonColor: 'format', label: 'label', title: 'label', tooltip: 'tooltip',
    textColor: 'color', icon: 'icon', units: 'units' };
  const ORDER = ['format', 'label', 'tooltip', 'color', 'icon', 'units'];
  const rank = (name) => ORDER.indexOf(ROLES[name]);
  const BY_RANK = Object.keys(ROLES).sort((a, b) => rank(a) - rank(b));

  // a Dashboard 1 widget's prop (read(name) as configured or updated) with its {{…}} filled in from its last msg and
  // value (a ui_text's value is its payload as a string). Dashboard 1 does not compile a text naming "constructor":
  // it shows nothing in its place, and in the format's place the last such text as written.
  function prop(read, name, msg, type) {
    const text = read(name);
    if (!(name in ROLES) || typeof text !== 'string') { return text; }
    const texts = BY_RANK.map(read).map((t) => typeof t === 'string' ? t : '');
    const raw = texts.filter((t) => t.includes('constructor'));
    if (ROLES[name] === 'format' && raw.length) { return raw[raw.length - 1]; }
    if (text.includes('constructor')
      || BY_RANK.some((n, k) => rank(n) <= rank(name) && !texts[k].includes('constructor') && !compiles(texts[k]))) {
      return '';
    }
    const payload = msg ? msg.payload : undefined;
    const sent = {};
    sentFields(texts).forEach((k) => { if (msg && msg[k] !== undefined) { sent[k] = msg[k]; } });
    return interpolate(text, { msg: sent, value: type === 'ui-text' && payload != null ? String(payload) : payload });
  }

  // --- sanitizing ------------------------------------------------------------------------------------------------
  // Our own allow-list: text formatting and layout elements and their plain attributes; no style (as AngularJS's
  // sanitizer, which Dashboard 1 uses, drops it), no event handlers, and no address that runs script (Dashboard 1
  // lets a link go anywhere, javascript: too). Script, style and the like go with their content; other elements
  // leave their content.
  const TAGS = new Set(('a abbr b bdi bdo big blockquote br caption center cite code col colgroup dd del dfn div dl dt'
    + ' em font h1 h2 h3 h4 h5 h6 hr i img ins kbd label li mark ol p pre q s samp small span strike strong sub sup'
    + ' table tbody td tfoot th thead time tr tt u ul var').split(' '));
  const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'title']);
  const ATTRS = new Set(('abbr align alt border cellpadding cellspacing class color cols colspan dir face height href'
    + ' hreflang lang rel rows rowspan size span src start target title type valign value width').split(' '));
  // (a browser reads a scheme without the spaces and control characters in it: "java\tscript:" runs too)
  const scriptUrl = (v) => /^(?:javascript|vbscript|data):/i.test(v.replace(/[\s\0-\x1f]/g, ''));

  function cleaned(from, to) {
    from.childNodes.forEach((n) => {
      if (n.nodeType === 3) { to.appendChild(to.ownerDocument.createTextNode(n.textContent)); return; }
      if (n.nodeType !== 1) { return; }
      const tag = n.localName;
      if (DROPPED.has(tag)) { return; }
      if (!TAGS.has(tag)) { cleaned(n, to); return; }
      const e = to.ownerDocument.createElement(tag);
      [...n.attributes].forEach((a) => {
        const url = a.name === 'href' || a.name === 'src';
        if (ATTRS.has(a.name) && (!url || !scriptUrl(a.value))) { e.setAttribute(a.name, a.value); }
      });
      to.appendChild(cleaned(n, e));
    });
    return to;
  }

  // HTML with only what the allow-list keeps, as a string for v-html (parsed inert: nothing in it runs or loads)
  function sanitize(html) {
    if (!/[<&]/.test(html)) { return html; } // no markup to clean: shown as v-html, the same text as the parse's
    const parsed = new DOMParser().parseFromString('<body>' + html, 'text/html');
    return cleaned(parsed.body, document.createElement('div')).innerHTML;
  }

  RW.ng = { interpolate, prop, sanitize };
})(window.RW);
