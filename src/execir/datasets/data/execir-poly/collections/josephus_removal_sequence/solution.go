package main

import (
	"fmt"
	"strconv"
	"strings"
)

func eliminationOrder(n, step int) []string {
	if n < 1 || step < 1 {
		return nil
	}
	people := make([]int, n)
	for i := range people {
		people[i] = i + 1
	}
	var order []string
	index := 0
	for len(people) > 0 {
		index = (index + step - 1) % len(people)
		order = append(order, strconv.Itoa(people[index]))
		people = append(people[:index], people[index+1:]...)
	}
	return order
}

func main() {
	var n, step int
	fmt.Scan(&n, &step)
	if order := eliminationOrder(n, step); order == nil {
		fmt.Println("none")
	} else {
		fmt.Println(strings.Join(order, " "))
	}
}
