package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func daysUntilWarmer(temps []int) []int {
	result := make([]int, len(temps))
	var waiting []int
	for i, temp := range temps {
		for len(waiting) > 0 && temps[waiting[len(waiting)-1]] < temp {
			j := waiting[len(waiting)-1]
			waiting = waiting[:len(waiting)-1]
			result[j] = i - j
		}
		waiting = append(waiting, i)
	}
	return result
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	temps := make([]int, n)
	for i := range temps {
		sc.Scan()
		temps[i], _ = strconv.Atoi(sc.Text())
	}
	parts := []string{}
	for _, v := range daysUntilWarmer(temps) {
		parts = append(parts, strconv.Itoa(v))
	}
	fmt.Println(strings.Join(parts, " "))
}
