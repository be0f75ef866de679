package main

import (
	"bufio"
	"fmt"
	"os"
)

func hIndex(citations []int) int {
	n := len(citations)
	lo, hi := 0, n-1
	for lo <= hi {
		mid := lo + (hi-lo)/2
		if citations[mid] >= n-mid {
			hi = mid - 1
		} else {
			lo = mid + 1
		}
	}
	return n - lo
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	citations := make([]int, n)
	for i := range citations {
		fmt.Fscan(reader, &citations[i])
	}
	fmt.Println(hIndex(citations))
}
