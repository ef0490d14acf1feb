// Runs a command on a new pseudo-terminal of a given size and discards what it draws: what a full-screen program
// needs to run under hyperfine, at a cost of about a millisecond (Benchmarks/run browser).
// Usage: pty_run [-n] COLUMNS ROWS COMMAND [ARGUMENT...]; exits with the command's status.
// The terminal's input stays open and silent until the command ends, so a program reading keys sees none.
// -n (root only) runs the command in a network namespace of its own with just the loopback interface: the
// browser's demo server then always gets its preferred port, so cover URLs, and so the cache, are the same from
// run to run even while other browsers (tests, people) hold that port on the machine.
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <pty.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int isolate_network(void) {
  if (unshare(CLONE_NEWNET) != 0) return -1;
  int probe = socket(AF_INET, SOCK_DGRAM, 0);
  if (probe < 0) return -1;
  struct ifreq request;
  memset(&request, 0, sizeof request);
  strcpy(request.ifr_name, "lo");
  int result = ioctl(probe, SIOCGIFFLAGS, &request);
  if (result == 0) {
    request.ifr_flags |= IFF_UP;
    result = ioctl(probe, SIOCSIFFLAGS, &request);
  }
  close(probe);
  return result;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-n") == 0) {
    if (isolate_network() != 0) {
      perror("pty_run: a network namespace of its own");
      return 2;
    }
    argv++;
    argc--;
  }
  if (argc < 4) {
    fprintf(stderr, "usage: pty_run [-n] COLUMNS ROWS COMMAND [ARGUMENT...]\n");
    return 2;
  }
  struct winsize size = {.ws_col = (unsigned short)atoi(argv[1]), .ws_row = (unsigned short)atoi(argv[2])};
  int terminal;
  pid_t child = forkpty(&terminal, NULL, NULL, &size);
  if (child < 0) {
    perror("pty_run: forkpty");
    return 2;
  }
  if (child == 0) {
    execvp(argv[3], argv + 3);
    perror("pty_run: exec");
    _exit(127);
  }
  // Drain the output until the command has closed the terminal (EIO), so it never blocks on a full buffer.
  char buffer[65536];
  for (;;) {
    ssize_t count = read(terminal, buffer, sizeof buffer);
    if (count > 0) continue;
    if (count < 0 && errno == EINTR) continue;
    break;
  }
  int status;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
