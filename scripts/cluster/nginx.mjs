// nginx's configuration for `npm run cluster`: the load-balancing site (also what docs/deployment.md
// shows for production) and the main file that runs it unprivileged, in the foreground, under data/cluster/.
import { join } from 'node:path';

/**
 * The upstream and server blocks. `upstreams` are `host:port` of the API processes; `listen` what nginx
 * listens on. Uploads are limited to 10 MB by the API and JSON order bodies to 32 MB, hence 40m.
 */
export function nginxSite({ listen, upstreams }) {
  const servers = upstreams.map((address) => `    server ${address} max_fails=2 fail_timeout=5s;`).join('\n');
  const backups = upstreams.map((address) => `    server ${address} backup max_fails=0;`).join('\n');
  return `upstream armature_api {
    # Round robin, no stickiness: any API process serves any request (state lives in PostgreSQL).
${servers}
    # While PostgreSQL is down every process answers 503 database_unavailable and is soon marked failed;
    # with none left nginx would answer its own 502, without the API's message and Retry-After. The same
    # processes as backups (never marked failed) pass the API's 503 through instead.
${backups}
    keepalive 32;
    # Shorter than the API's own keep-alive timeout, so nginx never reuses a socket the API is closing.
    keepalive_timeout 30s;
}

server {
    listen ${listen};
    client_max_body_size 40m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_read_timeout 120s;
    proxy_next_upstream_tries ${upstreams.length};
    proxy_next_upstream_timeout 15s;

    # When an API process is down or answers 502/503 (stopping, or its database is unavailable), the request
    # goes to the next one. nginx never re-sends a POST or PATCH once it reached a process (only when it
    # could not connect), but it would re-send a PUT or DELETE, which it deems idempotent, and a repeated
    # save meets its own version check: those are not retried here. The client retries every write with
    # its Idempotency-Key.
    location / {
        error_page 418 = @not_retried;
        if ($request_method ~ ^(PUT|DELETE)$) {
            return 418;
        }
        proxy_next_upstream error timeout http_502 http_503;
        proxy_pass http://armature_api;
    }

    location @not_retried {
        proxy_next_upstream off;
        proxy_pass http://armature_api;
    }

    # Server-Sent Events (notifications/events, digitalTwin/events, cutPlan/{id}/events…): unbuffered, and
    # held open for an hour (the API sends a heartbeat every 15 s; the browser reconnects after).
    location ~ ^/api/.+/events$ {
        proxy_buffering off;
        proxy_cache off;
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
        proxy_next_upstream error timeout http_502 http_503;
        proxy_pass http://armature_api;
    }
}
`;
}

/** A whole nginx.conf that needs no root-owned path: pid, logs and temp files live under `dir`. */
export function nginxMainConf({ dir, logDir, site }) {
  const temp = (name) => join(dir, 'nginx-temp', name);
  return `# Written by npm run cluster (scripts/cluster/nginx.mjs) at each start; edits are lost.
daemon off;
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(logDir, 'nginx-error.log')} warn;

events {
    worker_connections 4096;
}

http {
    log_format upstream '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                        'upstream=$upstream_addr upstream_status=$upstream_status time=$request_time';
    access_log ${join(logDir, 'nginx-access.log')} upstream;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};

${site
  .trimEnd()
  .split('\n')
  .map((line) => (line ? `    ${line}` : line))
  .join('\n')}
}
`;
}
