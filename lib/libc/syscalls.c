/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * newlib's system-call layer for a single-threaded image: stdout/stderr go to
 * the console, the heap is one region carved from the memory map by boot/,
 * exit ends the run through platform_exit(). No files.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/exit.h"
#include "lib/console/console.h"
#include "lib/libc/heap.h"

static uintptr_t heap_lo, heap_hi, heap_brk;

void heap_init(uintptr_t base, uintptr_t end)
{
	heap_lo = heap_brk = base;
	heap_hi = end;
}

void heap_bounds(uintptr_t *base, uintptr_t *end)
{
	*base = heap_lo;
	*end = heap_hi;
}

uintptr_t heap_break(void)
{
	return heap_brk;
}

uintptr_t heap_set_end(uintptr_t end)
{
	uintptr_t old = heap_hi;

	heap_hi = end < heap_brk ? heap_brk : end;
	return old;
}

void *_sbrk(ptrdiff_t incr)
{
	uintptr_t old = heap_brk;

	if ((incr > 0 && (uintptr_t)incr > heap_hi - heap_brk) ||
	    (incr < 0 && (uintptr_t)-incr > heap_brk - heap_lo)) {
		errno = ENOMEM;
		return (void *)-1;
	}
	heap_brk += incr;
	return (void *)old;
}

int _write(int fd, const char *buf, int len)
{
	if (fd != STDOUT_FILENO && fd != STDERR_FILENO) {
		errno = EBADF;
		return -1;
	}
	console_write(buf, (size_t)len);
	return len;
}

int _read(int fd, char *buf, int len)
{
	(void)fd, (void)buf, (void)len;
	return 0; /* no console input: end of file */
}

int _close(int fd)
{
	(void)fd;
	return 0;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;
	return 0;
}

int _isatty(int fd)
{
	return fd <= STDERR_FILENO;
}

off_t _lseek(int fd, off_t off, int whence)
{
	(void)fd, (void)off, (void)whence;
	errno = ESPIPE;
	return -1;
}

int _getpid(void)
{
	return 1;
}

int _kill(int pid, int sig)
{
	(void)pid, (void)sig;
	errno = EINVAL;
	return -1;
}

void _exit(int status)
{
	platform_exit(status);
}
