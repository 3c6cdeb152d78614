export type Backend = { name: string; port: number }

// A GET or HEAD whose process closed the connection without a word is sent to another, as
// reading twice changes nothing; any other request never twice: a form is not posted again
// behind the visitor's back. The timeouts sit above the portal's own (120 s, 72 s keep-alive).
// At most 32 requests at once per process; more wait in haproxy's queue, so a busy process
// still answers its health check (which skips the queue) and is not taken out for being busy.
export function haproxyConfig({
  host,
  port,
  backends,
}: {
  host: string
  port: number
  backends: Backend[]
}): string {
  const bind = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`
  return [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 2',
    '  retry-on conn-failure empty-response',
    '  timeout connect 2s',
    '  timeout queue 30s',
    '  timeout client 75s',
    '  timeout server 130s',
    '  timeout http-request 15s',
    '  timeout http-keep-alive 60s',
    '  timeout check 5s',
    '',
    'frontend portal',
    `  bind ${bind}`,
    '  http-request disable-l7-retry unless METH_GET',
    '  default_backend portals',
    '',
    'backend portals',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /healthz',
    '  http-check expect status 200',
    '  default-server check inter 1s fall 3 rise 2 maxconn 32',
    ...backends.map(
      (backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`,
    ),
    '',
  ].join('\n')
}
