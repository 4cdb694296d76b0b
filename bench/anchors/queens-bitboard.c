/*
 * The plain bitboard counter the queens bench measures Bezzel against (issue 34): the classic bit-parallel
 * backtracking count (Richards 1997, Somers 2002), one queen a row, with the left–right mirror trick — the first
 * row's queen in the left half only, doubled, and on odd boards the middle column counted once with the second
 * row's queen on the left. Written for the bench, compiled with -O3 in the same run; not part of any package.
 *
 * usage: queens-bitboard N   prints the number of solutions
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t place(uint32_t all, uint32_t cols, uint32_t left, uint32_t right) {
  if (cols == all) return 1;
  uint64_t count = 0;
  uint32_t free = all & ~(cols | left | right);
  while (free) {
    uint32_t bit = free & -free;
    free ^= bit;
    count += place(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
  }
  return count;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  if (n < 1 || n > 31) {
    fprintf(stderr, "n must be 1 to 31\n");
    return 2;
  }
  if (n == 1) {
    puts("1");
    return 0;
  }
  uint32_t all = (1u << n) - 1;
  uint64_t count = 0;
  /* The first row's queen in the left half: each solution there has its mirror image in the right half. */
  for (int c = 0; c < n / 2; c++) {
    uint32_t bit = 1u << c;
    count += 2 * place(all, bit, bit << 1, bit >> 1);
  }
  if (n % 2 == 1) {
    /* The first queen in the middle column: the mirror trick again on the second row's queen. */
    uint32_t mid = 1u << (n / 2);
    uint32_t free = all & ~(mid | mid << 1 | mid >> 1);
    for (uint32_t second = free & ((1u << (n / 2)) - 1); second; second &= second - 1) {
      uint32_t bit = second & -second;
      count += 2 * place(all, mid | bit, (mid << 2) | (bit << 1), (mid >> 2) | (bit >> 1));
    }
  }
  printf("%llu\n", (unsigned long long)count);
  return 0;
}
