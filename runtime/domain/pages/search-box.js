// The site's search box, made faster by a small script (the form works without it: it sends
// /search). On first focus it loads the platform names and aliases the build wrote (the input's
// data-names: /assets/search-index.<hash>.json, a static file: no API request, no rate limit), then offers the
// matching names as the input's suggestions (a <datalist>), and on submit goes straight to the
// platform page when the text is exactly a name, alias or slug.
(() => {
  const input = document.getElementById('site-search-query');
  if (!input || !input.form) return;
  const form = input.form;
  const root = form.getAttribute('action').replace(/\/search$/, '');
  const namesUrl = input.dataset.names;
  if (!namesUrl) return;
  const list = document.createElement('datalist');
  list.id = 'site-search-names';
  form.appendChild(list);
  input.setAttribute('list', list.id);
  let platforms = null;
  let loading = null;
  const load = () =>
    (loading ??= fetch(namesUrl)
      .then((r) => (r.ok ? r.json() : []))
      .catch(() => [])
      .then((all) => (platforms = all)));
  const key = (s) => s.trim().toLowerCase();
  const names = (p) => [p.name, p.slug, ...p.aliases];
  input.addEventListener('focus', () => void load());
  input.addEventListener('input', async () => {
    const q = key(input.value);
    const all = await load();
    const found = q ? all.filter((p) => names(p).some((n) => key(n).includes(q))).slice(0, 10) : [];
    list.replaceChildren(...found.map((p) => Object.assign(document.createElement('option'), { value: p.name })));
  });
  form.addEventListener('submit', (event) => {
    const q = key(input.value);
    const exact = platforms && platforms.find((p) => names(p).some((n) => key(n) === q));
    if (!exact) return;
    event.preventDefault();
    window.location.assign(`${root}/platforms/${exact.slug}`);
  });
})();
