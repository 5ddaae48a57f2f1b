// The Linux numbers gitclaw's low-level code needs (x86-64 and arm64 share every one below), named
// once. The code that runs elsewhere (the namespaces' holders, the egress proxy's tunnel threads)
// cannot import them: it gets them as an argument (LINUX, serialized into its source).

export const LINUX = {
  // Address families, socket types and flags (socket(2)).
  AF_UNIX: 1,
  AF_INET: 2,
  AF_INET6: 10,
  AF_PACKET: 17,
  SOCK_STREAM: 1,
  SOCK_DGRAM: 2,
  SOCK_NONBLOCK: 0o4000,
  SOCK_CLOEXEC: 0o2000000,
  /** Every protocol, in network byte order (htons(0x0003)): a packet socket's protocol. */
  ETH_P_ALL: 0x0300,
  INADDR_LOOPBACK: 0x7f000001,
  // Socket options and messages.
  SOL_SOCKET: 1,
  SO_ERROR: 4,
  SO_ATTACH_FILTER: 26,
  SO_ACCEPTCONN: 30,
  SCM_RIGHTS: 1,
  SHUT_WR: 1,
  MSG_DONTWAIT: 0x40,
  MSG_NOSIGNAL: 0x4000,
  MSG_CMSG_CLOEXEC: 0x40000000,
  // Files, pipes and splice(2).
  O_NONBLOCK: 0o4000,
  O_CLOEXEC: 0o2000000,
  F_SETFL: 4,
  F_SETPIPE_SZ: 1031,
  SPLICE_F_MOVE: 1,
  SPLICE_F_NONBLOCK: 2,
  // poll(2).
  POLLIN: 1,
  POLLOUT: 4,
  // Network interfaces (ioctl(2) on any socket).
  SIOCGIFFLAGS: 0x8913,
  SIOCSIFFLAGS: 0x8914,
  IFF_UP: 0x1,
  // The mount API's system calls (the same numbers on every architecture) and their flags.
  SYS_open_tree: 428,
  SYS_move_mount: 429,
  SYS_mount_setattr: 442,
  AT_FDCWD: -100,
  AT_EMPTY_PATH: 0x1000,
  OPEN_TREE_CLONE: 1,
  OPEN_TREE_CLOEXEC: 0o2000000,
  MOVE_MOUNT_F_EMPTY_PATH: 4,
  MOUNT_ATTR_NOSUID: 0x2,
  MOUNT_ATTR_NODEV: 0x4,
  MOUNT_ATTR_IDMAP: 0x100000,
  // Error numbers.
  EINTR: 4,
  EAGAIN: 11,
  EINPROGRESS: 115,
  /** The errors a connection's failure is named by. */
  ERRORS: {
    101: "ENETUNREACH",
    104: "ECONNRESET",
    110: "ETIMEDOUT",
    111: "ECONNREFUSED",
    113: "EHOSTUNREACH",
  } as Record<number, string>,
  // What the refusals' observer reads in a packet (IP protocol numbers, ICMP types, TCP flags).
  IPPROTO_ICMP: 1,
  IPPROTO_TCP: 6,
  IPPROTO_UDP: 17,
  IPPROTO_ICMPV6: 58,
  ICMP_DEST_UNREACH: 3,
  ICMPV6_DEST_UNREACH: 1,
  TCP_RST: 0x04,
  TCP_ACK: 0x10,
  // Classic BPF (linux/filter.h): an instruction is its class, size or operation, and source, or-ed.
  BPF_LD: 0x00,
  BPF_ALU: 0x04,
  BPF_JMP: 0x05,
  BPF_RET: 0x06,
  BPF_W: 0x00,
  BPF_B: 0x10,
  BPF_ABS: 0x20,
  BPF_AND: 0x50,
  BPF_JEQ: 0x10,
  BPF_K: 0x00,
  /** Where a socket filter loads the kernel's facts about a packet from (SKF_AD_OFF), and the packet's type. */
  SKF_AD_OFF: -0x1000,
  SKF_AD_PKTTYPE: 4,
  PACKET_OUTGOING: 4,
} as const;

export type Linux = typeof LINUX;
