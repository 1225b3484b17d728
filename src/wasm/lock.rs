//! A small FIFO async mutex for a single-threaded wasm host: overlapping calls on one `Engine` (for example a
//! `Promise.all` of folds) queue here and run one at a time, in call order, so the engine never sees two
//! operations interleaved at an `await` on the host storage.

use std::cell::{Cell, RefCell, RefMut};
use std::collections::VecDeque;
use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};

use crate::error::{Error, ErrorCode};

pub struct AsyncMutex<T> {
    locked: Cell<bool>,
    queue: RefCell<VecDeque<Rc<Waiter>>>,
    value: RefCell<T>,
}

/// A queued `lock()`: `granted` is set when the previous holder hands the lock over.
struct Waiter {
    granted: Cell<bool>,
    waker: Cell<Option<Waker>>,
}

impl<T> AsyncMutex<T> {
    pub fn new(value: T) -> Self {
        AsyncMutex { locked: Cell::new(false), queue: RefCell::new(VecDeque::new()), value: RefCell::new(value) }
    }

    /// Wait for the lock. Callers are served first come, first served.
    pub fn lock(&self) -> Lock<'_, T> {
        Lock { mutex: self, waiter: None, finished: false }
    }

    /// Pass the lock to the oldest waiter (it stays locked), or unlock.
    fn release(&self) {
        let next = self.queue.borrow_mut().pop_front();
        match next {
            Some(waiter) => {
                waiter.granted.set(true);
                if let Some(waker) = waiter.waker.take() {
                    waker.wake();
                }
            }
            None => self.locked.set(false),
        }
    }

    fn guard(&self) -> Result<Guard<'_, T>, Error> {
        match self.value.try_borrow_mut() {
            Ok(value) => Ok(Guard { value, mutex: self }),
            Err(_) => {
                // Unreachable while the lock is held correctly; fail the call rather than panic.
                self.release();
                Err(Error::new(ErrorCode::Storage, "internal error: engine state is busy"))
            }
        }
    }
}

pub struct Lock<'a, T> {
    mutex: &'a AsyncMutex<T>,
    waiter: Option<Rc<Waiter>>,
    finished: bool,
}

impl<'a, T> Future for Lock<'a, T> {
    type Output = Result<Guard<'a, T>, Error>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.get_mut();
        let mutex = this.mutex;
        if this.finished {
            return Poll::Ready(Err(Error::new(ErrorCode::Storage, "internal error: lock polled after completion")));
        }
        match &this.waiter {
            None => {
                if !mutex.locked.get() && mutex.queue.borrow().is_empty() {
                    mutex.locked.set(true);
                    this.finished = true;
                    return Poll::Ready(mutex.guard());
                }
                let waiter = Rc::new(Waiter { granted: Cell::new(false), waker: Cell::new(Some(cx.waker().clone())) });
                mutex.queue.borrow_mut().push_back(Rc::clone(&waiter));
                this.waiter = Some(waiter);
                Poll::Pending
            }
            Some(waiter) if waiter.granted.get() => {
                this.waiter = None;
                this.finished = true;
                Poll::Ready(mutex.guard())
            }
            Some(waiter) => {
                waiter.waker.set(Some(cx.waker().clone()));
                Poll::Pending
            }
        }
    }
}

impl<T> Drop for Lock<'_, T> {
    /// A lock future dropped while queued leaves the queue; one dropped after the lock was handed to it
    /// passes the lock on.
    fn drop(&mut self) {
        if let Some(waiter) = self.waiter.take() {
            if waiter.granted.get() {
                self.mutex.release();
            } else {
                self.mutex.queue.borrow_mut().retain(|w| !Rc::ptr_eq(w, &waiter));
            }
        }
    }
}

/// Exclusive access to the value; dropping it wakes the next caller.
pub struct Guard<'a, T> {
    value: RefMut<'a, T>,
    mutex: &'a AsyncMutex<T>,
}

impl<T> Deref for Guard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Guard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<T> Drop for Guard<'_, T> {
    // The next holder is only woken here (the executor polls it later), after `value` is released.
    fn drop(&mut self) {
        self.mutex.release();
    }
}
