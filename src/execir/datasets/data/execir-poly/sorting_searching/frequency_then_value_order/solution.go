package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
)

func frequencyOrder(values []int) []int {
	counts := map[int]int{}
	distinct := []int{}
	for _, v := range values {
		if counts[v] == 0 {
			distinct = append(distinct, v)
		}
		counts[v]++
	}
	sort.Slice(distinct, func(i, j int) bool {
		a, b := distinct[i], distinct[j]
		if counts[a] != counts[b] {
			return counts[a] > counts[b]
		}
		return a < b
	})
	result := []int{}
	for _, v := range distinct {
		for c := 0; c < counts[v]; c++ {
			result = append(result, v)
		}
	}
	return result
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	values := make([]int, n)
	for i := range values {
		fmt.Fscan(reader, &values[i])
	}
	fmt.Println(strings.Trim(fmt.Sprint(frequencyOrder(values)), "[]"))
}
