/** One portal process behind the balancer. */
export type Backend = { name: string; port: number }

/**
 * haproxy's configuration for the portal's processes on this machine: round robin, a process
 * taken out after two failed health checks of /healthz a second apart and back after two good
 * ones, the visitor's address added as X-Forwarded-For (the processes trust 127.0.0.1 for it:
 * TRUST_PROXY). A request that cannot reach a process (it just died: the connection is
 * refused) is sent to another one; so is a GET or HEAD whose process closed the connection
 * without a word (killed while the request was on its way), as reading twice changes nothing.
 * Any other request is never sent twice: a form is not posted again behind the visitor's back.
 * The timeouts sit above the portal's own (120 s per request, 72 s keep-alive).
 *
 * Each process takes at most 32 requests at once; more wait in haproxy's queue (up to 30 s)
 * instead of in the process, so a process busy with a burst still answers its health check
 * (which skips the queue) and is not taken out for being busy, and the queue goes to whichever
 * process frees up first. A check may take 5 s, and three must fail in a row.
 */
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
