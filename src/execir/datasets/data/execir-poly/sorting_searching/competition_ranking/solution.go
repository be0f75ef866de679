package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
)

func competitionRanks(scores []int) []int {
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return scores[order[a]] > scores[order[b]] })
	ranks := make([]int, len(scores))
	for pos, idx := range order {
		if pos > 0 && scores[idx] == scores[order[pos-1]] {
			ranks[idx] = ranks[order[pos-1]]
		} else {
			ranks[idx] = pos + 1
		}
	}
	return ranks
}

func main() {
	reader := bufio.NewReader(os.Stdin)
	var n int
	fmt.Fscan(reader, &n)
	scores := make([]int, n)
	for i := range scores {
		fmt.Fscan(reader, &scores[i])
	}
	fmt.Println(strings.Trim(fmt.Sprint(competitionRanks(scores)), "[]"))
}
