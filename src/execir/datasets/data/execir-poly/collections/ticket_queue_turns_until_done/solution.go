package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
)

func turnsUntilDone(tickets []int, k int) int {
	if k < 0 || k >= len(tickets) {
		return -1
	}
	queue := [][2]int{}
	for i, t := range tickets {
		queue = append(queue, [2]int{i, t})
	}
	time := 0
	for len(queue) > 0 {
		front := queue[0]
		queue = queue[1:]
		time++
		if front[1] == 1 {
			if front[0] == k {
				return time
			}
		} else {
			queue = append(queue, [2]int{front[0], front[1] - 1})
		}
	}
	return time
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
	tickets := make([]int, n)
	for i := range tickets {
		tickets[i] = next()
	}
	if result := turnsUntilDone(tickets, k); result < 0 {
		fmt.Println("invalid")
	} else {
		fmt.Println(result)
	}
}
