package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func distinctPerWindow(items []int, k int) []string {
	if k < 1 || k > len(items) {
		return nil
	}
	counts := map[int]int{}
	var result []string
	for i, item := range items {
		counts[item]++
		if i >= k {
			old := items[i-k]
			counts[old]--
			if counts[old] == 0 {
				delete(counts, old)
			}
		}
		if i >= k-1 {
			result = append(result, strconv.Itoa(len(counts)))
		}
	}
	return result
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	n, k := next(), next()
	items := make([]int, n)
	for i := range items {
		items[i] = next()
	}
	if result := distinctPerWindow(items, k); result == nil {
		fmt.Println("none")
	} else {
		fmt.Println(strings.Join(result, " "))
	}
}
