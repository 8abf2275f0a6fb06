package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// PostgresOptions are what the LISTEN/NOTIFY broker needs from the database.
type PostgresOptions struct {
	// Connect opens the dedicated listening connection (not from the pool: it stays LISTENing).
	Connect func(ctx context.Context) (*pgx.Conn, error)
	// Notify sends one payload on channel (pg_notify through the pool).
	Notify func(ctx context.Context, channel, payload string) error
	// Instance identifies this process; its own notifications are skipped when they come back.
	Instance string
	Log      *slog.Logger
}

// maxPayload keeps a NOTIFY payload well under PostgreSQL's 8000-byte limit.
const maxPayload = 7000

// usersPerChunk bounds the recipients carried by one event on the wire (an id is at most 20
// bytes with its comma), so one event always fits a payload.
const usersPerChunk = 250

// Postgres is the broker of several instances on one PostgreSQL database: events travel as
// NOTIFY payloads of ids on a channel named after the schema, and a dedicated connection LISTENs,
// reconnecting by itself with backoff. After a reconnect (notifications may have been missed
// meanwhile) it delivers a resync event to the local subscribers.
type Postgres struct {
	opts    PostgresOptions
	channel string

	mu   sync.RWMutex
	subs []func(Event)

	out        chan Event
	cancel     context.CancelFunc
	done       sync.WaitGroup
	conn       atomic.Pointer[pgx.Conn]
	Reconnects atomic.Int64 // listening connections re-opened after a failure
	Dropped    atomic.Int64 // events not sent to other instances (queue full, database down)
}

// wire is one NOTIFY payload: the publishing instance and its events.
type wire struct {
	Instance string      `json:"i"`
	Events   []wireEvent `json:"e"`
}

type wireEvent struct {
	Event
	Users []int64 `json:"u,omitempty"`
}

var nonIdent = regexp.MustCompile(`[^a-z0-9_]`)

// NewPostgres connects the listening connection (failing when it cannot) and starts the
// listening and sending loops; Close stops them.
func NewPostgres(ctx context.Context, o PostgresOptions) (*Postgres, error) {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	conn, err := o.Connect(ctx)
	if err != nil {
		return nil, err
	}
	// One channel per schema: databases shared by several deployments (or tests) stay apart.
	var schema string
	if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	channel := "ladder_events_" + nonIdent.ReplaceAllString(strings.ToLower(schema), "_")
	if len(channel) > 63 {
		channel = channel[:63]
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	p := &Postgres{opts: o, channel: channel, out: make(chan Event, 8192), cancel: cancel}
	p.conn.Store(conn)
	p.done.Add(2)
	go p.listen(runCtx, conn)
	go p.send(runCtx)
	return p, nil
}

// Channel is the NOTIFY channel in use.
func (p *Postgres) Channel() string { return p.channel }

// Publish delivers e to the local subscribers, then queues it for the other instances. A full
// queue (the database far behind) drops the event for them and logs it.
func (p *Postgres) Publish(e Event) {
	p.deliver(e)
	select {
	case p.out <- e:
	default:
		p.Dropped.Add(1)
		p.opts.Log.Warn("live event not sent to other instances: queue full", "type", e.Type)
	}
}

// Subscribe adds fn; it must not block.
func (p *Postgres) Subscribe(fn func(Event)) {
	p.mu.Lock()
	p.subs = append(p.subs[:len(p.subs):len(p.subs)], fn)
	p.mu.Unlock()
}

func (p *Postgres) deliver(e Event) {
	p.mu.RLock()
	subs := p.subs
	p.mu.RUnlock()
	for _, fn := range subs {
		fn(e)
	}
}

// Close stops the loops and closes the listening connection.
func (p *Postgres) Close() error {
	p.cancel()
	p.done.Wait()
	return nil
}

// ListenerPID is the backend process id of the listening connection (0 while reconnecting).
func (p *Postgres) ListenerPID() uint32 {
	if c := p.conn.Load(); c != nil {
		return c.PgConn().PID()
	}
	return 0
}

// listen waits for notifications; on any failure it reconnects with exponential backoff and
// jitter, then tells the local subscribers to resync.
func (p *Postgres) listen(ctx context.Context, conn *pgx.Conn) {
	defer p.done.Done()
	for {
		err := p.wait(ctx, conn)
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
		p.conn.Store(nil)
		if ctx.Err() != nil {
			return
		}
		p.opts.Log.Warn("live events: listening connection lost; reconnecting", "err", err)
		conn = p.reconnect(ctx)
		if conn == nil {
			return
		}
		p.Reconnects.Add(1)
		p.conn.Store(conn)
		p.opts.Log.Info("live events: listening again", "channel", p.channel)
		p.deliver(Event{Type: TypeResync})
	}
}

func (p *Postgres) wait(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var w wire
		if err := json.Unmarshal([]byte(n.Payload), &w); err != nil {
			p.opts.Log.Warn("live events: unreadable payload", "err", err)
			continue
		}
		if w.Instance == p.opts.Instance {
			continue // delivered locally when published
		}
		for _, we := range w.Events {
			e := we.Event
			e.Users, e.Instance = we.Users, w.Instance
			p.deliver(e)
		}
	}
}

// reconnect retries until it LISTENs again (nil when ctx ends): 100 ms doubling to 5 s, jittered.
func (p *Postgres) reconnect(ctx context.Context) *pgx.Conn {
	backoff := 100 * time.Millisecond
	for {
		wait := backoff/2 + rand.N(backoff/2+1)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		conn, err := p.opts.Connect(cctx)
		if err == nil {
			if _, err = conn.Exec(cctx, "LISTEN "+pgx.Identifier{p.channel}.Sanitize()); err != nil {
				conn.Close(cctx)
			}
		}
		cancel()
		if err == nil {
			return conn
		}
		p.opts.Log.Warn("live events: reconnect failed", "err", err, "retry_in", backoff)
		backoff = min(backoff*2, 5*time.Second)
	}
}

// send batches queued events into payloads under maxPayload and NOTIFYs them.
func (p *Postgres) send(ctx context.Context) {
	defer p.done.Done()
	for {
		var batch []Event
		select {
		case <-ctx.Done():
			return
		case e := <-p.out:
			batch = append(batch, e)
		}
	drain:
		for len(batch) < 512 {
			select {
			case e := <-p.out:
				batch = append(batch, e)
			default:
				break drain
			}
		}
		for _, payload := range p.payloads(batch) {
			p.notify(ctx, payload)
		}
	}
}

// notify sends one payload, retrying briefly; a payload that still fails is dropped (the
// receiving instances' clients catch up with their polls and next resync).
func (p *Postgres) notify(ctx context.Context, payload string) {
	var err error
	for attempt := range 3 {
		nctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		err = p.opts.Notify(nctx, p.channel, payload)
		cancel()
		if err == nil || ctx.Err() != nil {
			return
		}
		time.Sleep(time.Duration(attempt+1) * 100 * time.Millisecond)
	}
	p.Dropped.Add(1)
	p.opts.Log.Warn("live events: notify failed", "err", err)
}

// payloads encodes events as few payloads as fit, splitting long recipient lists.
func (p *Postgres) payloads(batch []Event) []string {
	var out []string
	cur := wire{Instance: p.opts.Instance}
	size := 0
	flush := func() {
		if len(cur.Events) == 0 {
			return
		}
		b, _ := json.Marshal(cur)
		out = append(out, string(b))
		cur.Events, size = nil, 0
	}
	for _, e := range batch {
		users := e.Users
		for first := true; first || len(users) > 0; first = false {
			n := min(len(users), usersPerChunk)
			we := wireEvent{Event: e, Users: users[:n]}
			users = users[n:]
			b, err := json.Marshal(we)
			if err != nil || len(b) > maxPayload-64 {
				p.opts.Log.Error("live event too large to send", "type", e.Type, "bytes", len(b))
				continue
			}
			if size+len(b)+64 > maxPayload {
				flush()
			}
			cur.Events = append(cur.Events, we)
			size += len(b) + 1
		}
	}
	flush()
	return out
}
