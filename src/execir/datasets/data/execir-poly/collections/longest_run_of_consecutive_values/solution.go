package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func longestConsecutive(values []int64) int {
	present := map[int64]bool{}
	for _, v := range values {
		present[v] = true
	}
	best := 0
	for v := range present {
		if present[v-1] {
			continue
		}
		length := 1
		for present[v+int64(length)] {
			length++
		}
		if length > best {
			best = length
		}
	}
	return best
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	values := make([]int64, n)
	for i := range values {
		sc.Scan()
		values[i], _ = strconv.ParseInt(sc.Text(), 10, 64)
	}
	fmt.Println(longestConsecutive(values))
}
