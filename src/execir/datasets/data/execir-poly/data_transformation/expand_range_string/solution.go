package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

func parseNumber(text string) (int, bool) {
	digits := strings.TrimPrefix(text, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	v, err := strconv.Atoi(text)
	return v, err == nil
}

func expand(text string) ([]int, bool) {
	if strings.Trim(text, " ") == "" {
		return []int{}, true
	}
	seen := map[int]bool{}
	for _, raw := range strings.Split(text, ",") {
		part := strings.Trim(raw, " ")
		lowText, highText := part, part
		if len(part) > 1 {
			if cut := strings.Index(part[1:], "-"); cut >= 0 {
				lowText, highText = part[:cut+1], part[cut+2:]
			}
		}
		low, ok1 := parseNumber(lowText)
		high, ok2 := parseNumber(highText)
		if !ok1 || !ok2 || low > high {
			return nil, false
		}
		for v := low; v <= high; v++ {
			seen[v] = true
		}
	}
	values := []int{}
	for v := range seen {
		values = append(values, v)
	}
	sort.Ints(values)
	return values, true
}

func main() {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	values, ok := expand(strings.TrimRight(line, "\n"))
	if !ok {
		fmt.Println("invalid")
		return
	}
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = strconv.Itoa(v)
	}
	fmt.Println(strings.Join(parts, " "))
}
