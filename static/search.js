// The site's search, imported by copy.js on the search box's first use. It fetches the index
// the site's build wrote (one record per page and per heading, with the code names and the
// words found there), ranks the records for what is typed, and lets the keyboard move through them:
// arrows to choose, Enter to open, Escape to close and then to clear. No framework, and
// nothing is asked of another site.

const box = document.querySelector('search.site-search');
const input = box.querySelector('input');
const list = box.querySelector('[role="listbox"]');
const status = box.querySelector('[role="status"]');
const SHOWN = 8;

let records = [];
let shown = [];
let active = -1;

// Whether `term` starts a word of `text` (both lowercase).
function startsWord(text, term) {
  for (let i = text.indexOf(term); i !== -1; i = text.indexOf(term, i + 1)) {
    if (i === 0 || !/[\p{L}\p{N}]/u.test(text[i - 1])) return true;
  }
  return false;
}

// The suffixes a typed word loses to give its stem, longest first, so that "calibrate",
// "calibrating" and "calibration" all reach "calibr…"; a stem keeps at least four letters.
const SUFFIXES = ['ations', 'ation', 'ings', 'ing', 'ions', 'ion', 'ies', 'ied', 'ers', 'er', 'es', 'ed', 'ly', 'e', 's'];

function stem(term) {
  for (const suffix of SUFFIXES) {
    if (term.endsWith(suffix) && term.length - suffix.length >= 4) return term.slice(0, -suffix.length);
  }
  return term;
}

// The words of a text, lowercase (letters and digits; everything else separates them).
function wordsOf(text) {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

// How well a list of words answers a term: 3 when a word is the term, 2 when a word starts
// with it, 1 when a word starts with its stem (a stem of at least four letters), else 0.
function wordMatch(words, term, root) {
  let best = 0;
  for (const w of words) {
    if (w === term) return 3;
    if (w.startsWith(term)) best = 2;
    else if (best === 0 && root.length >= 4 && w.startsWith(root)) best = 1;
  }
  return best;
}

// How well a list of code names answers a term, from `top` down: the name itself, a name it
// starts (a flag's name after its dashes too, so `against` finds `--against`), a name holding it.
// Returns [score, name], [0, ''] when none does.
function nameScore(names, term, top) {
  let best = [0, ''];
  const bare = term.replace(/^-+/, '');
  const better = (score, name) => { if (score > best[0]) best = [score, name]; };
  for (const k of names) {
    if (k === term) better(top, k);
    else if (k.startsWith(term)) better(top - 10 - Math.min(k.length - term.length, 20) / 4, k);
    else if (bare && k.replace(/^-+/, '').startsWith(bare)) better(top - 20, k);
    else if (k.includes(term)) better(top - 60, k);
  }
  return best;
}

// How well one record answers one typed term: a code name its tables or headings define
// outranks the same name in its examples' code, then a heading or title word (the word itself,
// one it starts, one its stem starts), then the page's title, the description and, last, the
// words of the section's body. Returns [score, the name matched or ''].
function termScore(r, term) {
  const [defined, name] = nameScore(r.names, term, 100);
  const [used, usedName] = nameScore(r.mentions, term, 60);
  let best = Math.max(defined, used);
  const matched = defined >= used ? name : usedName;
  const root = stem(term);
  const title = wordMatch(r.titleWords, term, root);
  if (r.title === term) best = Math.max(best, 95);
  else if (title >= 2 || startsWord(r.title, term)) best = Math.max(best, 70);
  else if (title === 1) best = Math.max(best, 62);
  else if (r.title.includes(term)) best = Math.max(best, 35);
  const page = wordMatch(r.pageWords, term, root);
  if (page >= 2 || startsWord(r.page, term)) best = Math.max(best, 30);
  else if (page === 1) best = Math.max(best, 26);
  const description = wordMatch(r.descriptionWords, term, root);
  if (description >= 2 || startsWord(r.description, term)) best = Math.max(best, 20);
  else if (description === 1) best = Math.max(best, 17);
  const body = wordMatch(r.bodyWords, term, root);
  if (body > 0) best = Math.max(best, 8 + body);
  return [best, matched];
}

// The records every term matches, best first (a docs page before another page on a tie). The
// best record of each code name is chosen before a second record of any name, so that the
// places a much used flag appears in leave room for the other flags the letters start.
export function rank(query) {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const scored = [];
  for (const r of records) {
    let total = 0;
    let name = '';
    for (const t of terms) {
      const [s, matched] = termScore(r, t);
      if (s === 0) { total = 0; break; }
      total += s;
      name ||= matched;
    }
    if (total > 0) scored.push([total + (r.docs ? 1 : 0), r, name]);
  }
  scored.sort((a, b) => b[0] - a[0] || a[1].order - b[1].order);
  const seen = new Set();
  const first = [];
  const rest = [];
  for (const entry of scored) {
    const name = entry[2];
    if (!name || !seen.has(name)) {
      seen.add(name);
      first.push(entry);
    } else {
      rest.push(entry);
    }
  }
  const chosen = first.slice(0, SHOWN).concat(rest.slice(0, Math.max(0, SHOWN - first.length)));
  chosen.sort((a, b) => b[0] - a[0] || a[1].order - b[1].order);
  return chosen.map(([, r]) => r);
}

function choose(k) {
  const items = list.querySelectorAll('[role="option"]');
  items.forEach((li, i) => li.setAttribute('aria-selected', String(i === k)));
  active = k;
  if (k >= 0 && items[k]) {
    input.setAttribute('aria-activedescendant', items[k].id);
    items[k].scrollIntoView({ block: 'nearest' });
  } else {
    input.removeAttribute('aria-activedescendant');
  }
}

function close() {
  list.hidden = true;
  input.setAttribute('aria-expanded', 'false');
  choose(-1);
}

function show() {
  const query = input.value.trim();
  shown = rank(query);
  list.replaceChildren();
  if (query === '') {
    status.textContent = '';
    close();
    return;
  }
  shown.forEach((r, i) => {
    const li = document.createElement('li');
    li.id = `site-search-${i}`;
    li.setAttribute('role', 'option');
    li.setAttribute('aria-selected', 'false');
    const a = document.createElement('a');
    a.href = r.u;
    a.tabIndex = -1;
    a.textContent = r.t;
    if (r.t !== r.p) {
      const page = document.createElement('span');
      page.textContent = r.p;
      a.append(page);
    }
    li.append(a);
    list.append(li);
  });
  if (shown.length === 0) {
    const li = document.createElement('li');
    li.setAttribute('role', 'option');
    li.setAttribute('aria-disabled', 'true');
    li.textContent = box.dataset.none;
    list.append(li);
  }
  const noun = shown.length === 1 ? box.dataset.match : box.dataset.matches;
  status.textContent = shown.length ? `${shown.length} ${noun}` : box.dataset.none;
  list.hidden = false;
  input.setAttribute('aria-expanded', 'true');
  choose(-1);
}

input.addEventListener('input', show);
input.addEventListener('focus', () => { if (input.value.trim()) show(); });
input.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    if (list.hidden) show();
    if (shown.length === 0) return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    choose((active + step + shown.length + (active < 0 && step < 0 ? 1 : 0)) % shown.length);
  } else if (e.key === 'Enter') {
    const target = shown[active >= 0 ? active : 0];
    if (target) {
      e.preventDefault();
      window.location.assign(target.u);
    }
  } else if (e.key === 'Escape') {
    if (!list.hidden) close();
    else { input.value = ''; input.blur(); }
    e.preventDefault();
  }
});
box.addEventListener('focusout', (e) => {
  if (!box.contains(e.relatedTarget)) close();
});

// The index, fetched once; the module is ready (its import settles) when the records are in.
async function load() {
  try {
    const response = await fetch(box.dataset.index);
    const data = response.ok ? await response.json() : [];
    records = data.map((r, order) => ({
      u: r.u,
      t: r.t,
      p: r.p,
      order,
      docs: r.u.includes('/docs/'),
      title: r.t.toLowerCase(),
      page: r.p.toLowerCase(),
      description: r.d.toLowerCase(),
      names: r.k.map((k) => k.toLowerCase()),
      mentions: r.m.map((k) => k.toLowerCase()),
      titleWords: wordsOf(r.t.toLowerCase()),
      pageWords: wordsOf(r.p.toLowerCase()),
      descriptionWords: wordsOf(r.d.toLowerCase()),
      bodyWords: r.w ? r.w.split(' ') : [],
    }));
  } catch {
    records = [];
  }
}
await load();
if (document.activeElement === input && input.value.trim()) show();
