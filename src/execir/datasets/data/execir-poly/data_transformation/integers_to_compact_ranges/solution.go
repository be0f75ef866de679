package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

func toRanges(nums []int) string {
	sort.Ints(nums)
	var values []int
	for i, v := range nums {
		if i == 0 || v != nums[i-1] {
			values = append(values, v)
		}
	}
	var parts []string
	for i := 0; i < len(values); {
		j := i
		for j+1 < len(values) && values[j+1] == values[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", values[i], values[j]))
		} else {
			parts = append(parts, strconv.Itoa(values[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	sc.Scan()
	n, _ := strconv.Atoi(sc.Text())
	nums := make([]int, n)
	for i := range nums {
		sc.Scan()
		nums[i], _ = strconv.Atoi(sc.Text())
	}
	fmt.Println(toRanges(nums))
}
