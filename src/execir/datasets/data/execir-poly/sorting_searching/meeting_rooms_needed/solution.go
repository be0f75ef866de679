package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
)

func roomsNeeded(starts, ends []int) int {
	sort.Ints(starts)
	sort.Ints(ends)
	rooms, best, j := 0, 0, 0
	for _, s := range starts {
		for j < len(ends) && ends[j] <= s {
			j++
			rooms--
		}
		rooms++
		if rooms > best {
			best = rooms
		}
	}
	return best
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	starts := make([]int, n)
	ends := make([]int, n)
	for i := 0; i < n; i++ {
		fmt.Fscan(reader, &starts[i], &ends[i])
	}
	fmt.Println(roomsNeeded(starts, ends))
}
