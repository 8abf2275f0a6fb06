package realtime

import "sync"

// Memory is the broker of a single instance (SQLite): subscribers are called at once.
type Memory struct {
	mu   sync.RWMutex
	subs []func(Event)
}

// NewMemory returns an in-process broker.
func NewMemory() *Memory { return &Memory{} }

// Publish calls every subscriber with e on the caller's goroutine.
func (m *Memory) Publish(e Event) {
	m.mu.RLock()
	subs := m.subs
	m.mu.RUnlock()
	for _, fn := range subs {
		fn(e)
	}
}

// Subscribe adds fn; it must not block.
func (m *Memory) Subscribe(fn func(Event)) {
	m.mu.Lock()
	m.subs = append(m.subs[:len(m.subs):len(m.subs)], fn)
	m.mu.Unlock()
}

// Close does nothing: there is no connection to release.
func (m *Memory) Close() error { return nil }
