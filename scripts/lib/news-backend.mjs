/**
 * A fake backend on loopback for the measuring scripts: news items of realistic size (10-30 KB of rich
 * text in each of three languages), any id, and a five-item news list. Everything else answers `[]`.
 * The same id always gets the same JSON, as a real backend does between edits.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const paragraph = (id, lang, n) =>
  `<h3>${lang} bo'lim ${n}</h3><p>${`Yangilik ${id} matni, <b>muhim</b> qism va <a href="/news/${id}">havola</a>. `.repeat(12)}</p><ul>${'<li>band</li>'.repeat(6)}</ul>`;

/** `images`: whether items name a photo (on this backend, where it is not found). */
export async function startNewsBackend({ images = true } = {}) {
  const item = (id) => ({
    id,
    image: images ? `/media/news/${id}.jpg` : null,
    created_at: '2026-09-01T10:00:00+05:00',
    views: id,
    ...Object.fromEntries(
      ['uz', 'ru', 'en'].flatMap((lang) => [
        [`title_${lang}`, `Yangilik ${id} ${lang}`],
        [`desc_${lang}`, Array.from({ length: 8 }, (_, n) => paragraph(id, lang, n)).join('')],
      ]),
    ),
  });
  const server = createServer((req, res) => {
    const detail = /^\/news\/yangiliklar\/(\d+)\/$/.exec(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (detail) res.end(JSON.stringify(item(Number(detail[1]))));
    else if (req.url?.startsWith('/news/yangiliklar/')) res.end(JSON.stringify({ count: 5, next: null, results: [1, 2, 3, 4, 5].map(item) }));
    else res.end('[]');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** User + system CPU milliseconds of process `pid`, all its threads (from /proc; clock ticks of 1/100 s). */
export function cpuMillis(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
