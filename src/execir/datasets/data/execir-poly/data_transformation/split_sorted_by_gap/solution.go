package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func groupByGap(values []int, maxGap int) [][]string {
	var groups [][]string
	for i, v := range values {
		if i == 0 || v-values[i-1] > maxGap {
			groups = append(groups, []string{})
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], strconv.Itoa(v))
	}
	return groups
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	n, maxGap := next(), next()
	values := make([]int, n)
	for i := range values {
		values[i] = next()
	}
	if maxGap < 0 {
		fmt.Println("invalid")
		return
	}
	groups := groupByGap(values, maxGap)
	if len(groups) == 0 {
		fmt.Println("none")
	}
	for _, g := range groups {
		fmt.Println(strings.Join(g, " "))
	}
}
