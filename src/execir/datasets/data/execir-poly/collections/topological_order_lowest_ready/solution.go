package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

func smallestFirstOrder(n int, edges [][2]int) []string {
	indegree := make([]int, n)
	children := make([][]int, n)
	for _, e := range edges {
		children[e[0]] = append(children[e[0]], e[1])
		indegree[e[1]]++
	}
	var ready []int
	for i := 0; i < n; i++ {
		if indegree[i] == 0 {
			ready = append(ready, i)
		}
	}
	var order []string
	for len(ready) > 0 {
		sort.Ints(ready)
		node := ready[0]
		ready = ready[1:]
		order = append(order, strconv.Itoa(node))
		for _, child := range children[node] {
			indegree[child]--
			if indegree[child] == 0 {
				ready = append(ready, child)
			}
		}
	}
	if len(order) < n {
		return nil
	}
	return order
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		v, _ := strconv.Atoi(sc.Text())
		return v
	}
	n, m := next(), next()
	edges := make([][2]int, m)
	for i := range edges {
		edges[i] = [2]int{next(), next()}
	}
	if order := smallestFirstOrder(n, edges); order == nil {
		fmt.Println("cycle")
	} else {
		fmt.Println(strings.Join(order, " "))
	}
}
